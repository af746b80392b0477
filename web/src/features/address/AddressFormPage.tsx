import { Checkbox, Radio, Stack, TextInput } from '@mantine/core';
import {
  type AddressInput,
  addressInput,
  DEFAULT_LOCALITY_SCHEME,
  type LocalityScheme,
  type UserAddress,
} from '@portico/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { FormStack } from '../../components/FormStack';
import { AccountCard, AccountPage, BackButton } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useApiForm } from '../../components/useApiForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { notifyDone } from '../../lib/notify';
import {
  ADDRESS_QUERY_KEY,
  addressKey,
  createAddress,
  getAddress,
  getNameAndPhone,
  NAME_AND_PHONE_KEY,
  updateAddress,
} from './api';
import { LocalityPicker } from './LocalityPicker';
import { useAddressBase } from './useAddressBase';

type AddressForm = {
  name: string;
  phoneNumber: string;
  company: string;
  scheme: '2' | '3';
  provinceId: string;
  districtId: string | null;
  wardId: string;
  address: string;
  addressType: '1' | '2';
  isDefaultAddress: boolean;
};
const FIELDS = [
  'name',
  'phoneNumber',
  'company',
  'scheme',
  'provinceId',
  'districtId',
  'wardId',
  'address',
  'addressType',
];

const payloadOf = (v: AddressForm): AddressInput => ({
  ...v,
  scheme: v.scheme === '3' ? 3 : 2,
  districtId: v.scheme === '3' ? v.districtId : null,
  addressType: v.addressType === '2' ? 2 : 1,
});

const formOf = (a: UserAddress): AddressForm => ({
  name: a.name,
  phoneNumber: a.phoneNumber,
  company: a.company,
  scheme: a.scheme === 3 ? '3' : '2',
  provinceId: a.provinceId,
  districtId: a.districtId,
  wardId: a.wardId,
  address: a.address,
  addressType: a.addressType === 2 ? '2' : '1',
  isDefaultAddress: a.isDefaultAddress,
});

const blankForm = (prefill?: { fullName: string; phoneNumber: string }): AddressForm => ({
  name: prefill?.fullName ?? '',
  phoneNumber: prefill?.phoneNumber ?? '',
  company: '',
  scheme: String(DEFAULT_LOCALITY_SCHEME) as '2',
  provinceId: '',
  districtId: null,
  wardId: '',
  address: '',
  addressType: '1',
  isDefaultAddress: false,
});

/**
 * Create (id 0) or edit an address (spec account §2 Address form, §5 Address): the new one starts
 * with the account's name and phone and the two-tier division; an address keeps the division it
 * was written in, and the person may switch it.
 */
export function AddressFormPage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = Number(raw);
  const isNew = id === 0;
  usePageTitle(isNew ? 'address_new_title' : 'address_edit_title');
  const { base, to } = useAddressBase();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: isNew ? NAME_AND_PHONE_KEY : addressKey(id),
    queryFn: async (): Promise<AddressForm> =>
      isNew ? blankForm(await getNameAndPhone()) : formOf(await getAddress(id)),
    retry: false,
  });
  // A prefill that fails leaves the form empty rather than closed.
  const query = isNew && existing.isError ? { ...existing, data: blankForm(), isError: false } : existing;
  const back = <BackButton onClick={() => navigate(to(base))} />;
  return (
    <AccountPage title={t(isNew ? 'address_new_title' : 'address_edit_title')} leading={back}>
      <AccountCard>
        <QueryState query={query}>
          {(initial) => <AddressFields id={id} initial={initial} onDone={() => navigate(to(base))} />}
        </QueryState>
      </AccountCard>
    </AccountPage>
  );
}

function AddressFields({ id, initial, onDone }: { id: number; initial: AddressForm; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isNew = id === 0;
  const form = useApiForm<AddressForm, UserAddress>({
    initialValues: initial,
    schema: addressInput,
    input: payloadOf,
    fields: FIELDS,
    submit: (values) => (isNew ? createAddress(payloadOf(values)) : updateAddress(id, payloadOf(values))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADDRESS_QUERY_KEY });
      notifyDone(t(isNew ? 'address_noti_add' : 'address_noti_edit'));
      onDone();
    },
  });
  const v = form.values;
  const scheme: LocalityScheme = v.scheme === '3' ? 3 : 2;
  return (
    <FormStack
      form={form}
      actions={
        <FormActions
          submit={t(isNew ? 'address_add' : 'common_update')}
          busy={form.busy}
          onCancel={onDone}
          size="md"
          miw={140}
        />
      }
    >
      <TextInput
        {...form.field('name')}
        label={t('address_name_label')}
        withAsterisk
        maxLength={100}
        autoComplete="name"
      />
      <TextInput
        {...form.field('phoneNumber')}
        label={t('address_phone_label')}
        withAsterisk
        inputMode="tel"
        maxLength={10}
        autoComplete="tel-national"
      />
      <TextInput
        {...form.field('company')}
        label={t('address_company_label')}
        maxLength={200}
        autoComplete="organization"
      />
      <Radio.Group
        name="scheme"
        label={t('address_scheme_label')}
        description={t('address_scheme_hint')}
        value={v.scheme}
        onChange={(value) =>
          form.patch({ scheme: value === '3' ? '3' : '2', provinceId: '', districtId: null, wardId: '' })
        }
      >
        <Stack gap="xs" mt={8}>
          <Radio value="2" label={t('address_scheme_2')} />
          <Radio value="3" label={t('address_scheme_3')} />
        </Stack>
      </Radio.Group>
      <LocalityPicker
        scheme={scheme}
        value={{ provinceId: v.provinceId, districtId: v.districtId, wardId: v.wardId }}
        errors={form.errors}
        onChange={(codes) => form.patch(codes)}
      />
      <TextInput
        {...form.field('address')}
        label={t('address_details_label')}
        placeholder={t('address_details_placeholder')}
        withAsterisk
        maxLength={300}
        autoComplete="street-address"
      />
      <Radio.Group {...form.field('addressType')} label={t('address_type_label')}>
        <Stack gap="xs" mt={6}>
          <Radio value="1" label={t('address_type_house')} />
          <Radio value="2" label={t('address_type_company')} />
        </Stack>
      </Radio.Group>
      <Checkbox
        name="isDefaultAddress"
        label={t('address_default_label')}
        checked={v.isDefaultAddress}
        // The default stays the default until another takes its place (server/src/features/address/service.ts).
        disabled={!isNew && initial.isDefaultAddress}
        onChange={(e) => form.patch({ isDefaultAddress: e.currentTarget.checked })}
      />
    </FormStack>
  );
}

export default AddressFormPage;
