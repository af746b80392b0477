import { List, Title } from '@mantine/core';
import { EXPORT_PARTS } from '@portico/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { looseT } from '../i18n/t';

/**
 * The kinds of data Portico holds about a person, under a heading: the parts of a data archive
 * (contracts/src/data-export.ts EXPORT_PARTS), shown by "Download my data" and to a guardian
 * before they consent.
 */
export function DataPartsList({ heading }: { heading: string }) {
  const { t } = useTranslation();
  const tr = looseT(t);
  const id = useId();
  return (
    <>
      <Title order={2} fz="md" mb="xs" id={id}>
        {heading}
      </Title>
      <List fz="sm" spacing={4} aria-labelledby={id}>
        {EXPORT_PARTS.map((part) => (
          <List.Item key={part}>{tr(`export_part_${part}`)}</List.Item>
        ))}
      </List>
    </>
  );
}
