import { Alert, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { KYC_STATUS, type KycDetails } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/client';
import { FormAlert } from '../../components/FormAlert';
import { Icon } from '../../components/Icon';
import { AccountCard, AccountPage } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { usePageTitle } from '../../hooks/usePageTitle';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../lib/imageFiles';
import { notifyDone, notifyFailed, notifyRefused } from '../../lib/notify';
import { getKyc, KYC_QUERY_KEY, submitKyc, uploadKycImage } from './api';

type Side = 'front' | 'back';
type Uploaded = { fileId: string; url: string };
const STATUS_COLOR = { 0: 'gray', 1: 'orange', 2: 'teal', 3: 'red' } as const;

/**
 * Identity verification (spec account §2 KYC page, §4, §5 KYC save): the status; while nothing
 * waits or was verified, the front and back images to upload and send; waiting is read-only with
 * the awaiting message, a refusal shows its reason and takes new images.
 */
export function KycPage() {
  const { t } = useTranslation();
  usePageTitle('menu_kyc');
  const kyc = useQuery({ queryKey: KYC_QUERY_KEY, queryFn: getKyc, retry: false });
  return (
    <AccountPage title={t('menu_kyc')} intro={t('kyc_intro')}>
      <AccountCard>
        <QueryState query={kyc}>{(data) => <KycBody details={data} />}</QueryState>
      </AccountCard>
    </AccountPage>
  );
}

function KycBody({ details }: { details: KycDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = details.status === KYC_STATUS.notVerified || details.status === KYC_STATUS.refuse;
  const [chosen, setChosen] = useState<Partial<Record<Side, Uploaded>>>({});
  const [error, setError] = useState<string | null>(null);
  const shown = (side: Side) => chosen[side] ?? (details.status === KYC_STATUS.refuse ? null : details[side]);
  const send = useMutation({
    mutationFn: () =>
      submitKyc({
        claims: [
          ...(chosen.front ? [{ claimType: 'kyc_front' as const, claimValue: chosen.front.fileId }] : []),
          ...(chosen.back ? [{ claimType: 'kyc_back' as const, claimValue: chosen.back.fileId }] : []),
        ],
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KYC_QUERY_KEY, saved);
      setChosen({});
      notifyDone(t('kyc_submitted'));
    },
    onError: (err) => setError(errorText(err, t)),
  });
  const submit = () => {
    // spec §5: both images are required.
    if (!chosen.front || !chosen.back) return setError(t('please_upload_your_identity_captcha'));
    setError(null);
    send.mutate();
  };

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Badge size="lg" variant="light" color={STATUS_COLOR[details.status]}>
          {t(`kyc_status_${details.status}`)}
        </Badge>
      </Group>
      {details.status === KYC_STATUS.wait && (
        <Alert color="orange" variant="light" icon={<Icon name="info" />}>
          {t('kyc_waiting_message')}
        </Alert>
      )}
      {details.status === KYC_STATUS.verified && (
        <Alert color="teal" variant="light" icon={<Icon name="check" />}>
          {t('kyc_verified_message')}
        </Alert>
      )}
      {details.status === KYC_STATUS.refuse && (
        <Alert color="red" variant="light" icon={<Icon name="info" />} role="alert">
          {t('kyc_refused_message', { reason: details.reason ?? '' })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {(['front', 'back'] as const).map((side) => (
          <ImageSlot
            key={side}
            side={side}
            image={shown(side)}
            editable={editable}
            onUploaded={(image) => {
              setChosen((c) => ({ ...c, [side]: image }));
              setError(null);
            }}
          />
        ))}
      </SimpleGrid>
      {editable && (
        <>
          <FormAlert message={error} />
          <Group justify="flex-end">
            <Button size="md" miw={160} loading={send.isPending} onClick={submit}>
              {t('kyc_submit')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function ImageSlot({
  side,
  image,
  editable,
  onUploaded,
}: {
  side: Side;
  image: Uploaded | null;
  editable: boolean;
  onUploaded: (image: Uploaded) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const front = side === 'front';
  const label = t(front ? 'kyc_front_label' : 'kyc_back_label');
  const action = image
    ? front
      ? 'kyc_change_front'
      : 'kyc_change_back'
    : front
      ? 'kyc_choose_front'
      : 'kyc_choose_back';
  const upload = useMutation({
    mutationFn: uploadKycImage,
    onSuccess: onUploaded,
    onError: (err) => notifyFailed(err, t),
  });
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) return notifyRefused(t('invalid_image'));
    upload.mutate(file);
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>{label}</Text>
      <Paper
        withBorder
        radius="md"
        h={180}
        bg="gray.0"
        style={{ overflow: 'hidden', display: 'grid', placeItems: 'center' }}
      >
        {image ? (
          <Image src={image.url} alt={t(front ? 'kyc_front_alt' : 'kyc_back_alt')} h={180} fit="contain" />
        ) : (
          <Icon name="id" size={48} stroke={1.2} />
        )}
      </Paper>
      {editable && (
        <>
          <Button variant="light" loading={upload.isPending} onClick={() => input.current?.click()}>
            {t(action)}
          </Button>
          <Text fz="xs" c="dimmed">
            {t('kyc_image_hint')}
          </Text>
          <input
            ref={input}
            type="file"
            name={`kyc_${side}`}
            accept={IMAGE_ACCEPT}
            hidden
            onChange={(e) => choose(e.currentTarget.files?.[0])}
          />
        </>
      )}
    </Stack>
  );
}

export default KycPage;
