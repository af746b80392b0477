import { Select, SimpleGrid } from '@mantine/core';
import type { LocalityScheme } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { needsSearch } from '../../lib/selectSearch';
import { getLocalities, localitiesKey } from './api';

export type LocalityCodes = { provinceId: string; districtId: string | null; wardId: string };
type Level = 'provinceId' | 'districtId' | 'wardId';

/** One level's options, loaded once its parent is chosen and kept for the session. */
function useLevel(scheme: LocalityScheme, parent: string | null, enabled: boolean) {
  return useQuery({
    queryKey: localitiesKey(scheme, parent),
    queryFn: () => getLocalities(scheme, parent),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The locality picker (spec account §2 Address form): province, then district (three-tier scheme
 * only), then ward; choosing a level clears the ones under it; a list above 10 gets a search box.
 */
export function LocalityPicker({
  scheme,
  value,
  errors,
  onChange,
}: {
  scheme: LocalityScheme;
  value: LocalityCodes;
  errors: Partial<Record<Level, string>>;
  onChange: (codes: LocalityCodes) => void;
}) {
  const { t } = useTranslation();
  const wardParent = scheme === 3 ? value.districtId : value.provinceId || null;
  const provinces = useLevel(scheme, null, true);
  const districts = useLevel(scheme, value.provinceId || null, scheme === 3 && !!value.provinceId);
  const wards = useLevel(scheme, wardParent, !!wardParent);

  const select = (
    level: Level,
    label: string,
    query: typeof provinces,
    disabled: boolean,
    pick: (code: string) => LocalityCodes,
  ) => {
    const data = (query.data ?? []).map((l) => ({ value: l.code, label: l.name }));
    return (
      <Select
        name={level}
        label={label}
        placeholder={t('address_pick_placeholder')}
        data={data}
        value={value[level] || null}
        onChange={(code) => onChange(pick(code ?? ''))}
        searchable={needsSearch(data.length)}
        nothingFoundMessage={t('info_search_nothing')}
        disabled={disabled}
        error={errors[level]}
        withAsterisk
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: scheme === 3 ? 3 : 2 }} spacing="md">
      {select('provinceId', t('address_province_label'), provinces, false, (provinceId) => ({
        provinceId,
        districtId: null,
        wardId: '',
      }))}
      {scheme === 3 &&
        select('districtId', t('address_district_label'), districts, !value.provinceId, (districtId) => ({
          ...value,
          districtId,
          wardId: '',
        }))}
      {select('wardId', t('address_ward_label'), wards, !wardParent, (wardId) => ({ ...value, wardId }))}
    </SimpleGrid>
  );
}
