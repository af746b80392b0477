import { isMessageKey, type Locale, type MessageKey } from '@portico/contracts';
import { escapeHtml } from '../../lib/html.js';
import { translate } from '../../lib/i18n.js';
import type { ExportPart } from '../../modules/events/index.js';

/** Who and what an archive is for (server/src/features/data-export/archive.ts). */
export type ArchiveMeta = {
  product: string;
  userId: string;
  /** How the person is named in the page's heading (the primary e-mail or the name). */
  account: string;
  locale: Locale;
  timeZone: string;
  madeAt: Date;
};

const IMAGE = /\.(jpe?g|png|webp|gif)$/i;

/**
 * A stored field's name for the reader: its name in their language (the `export_field_` messages,
 * contracts/src/i18n/catalog/export-fields.ts), else its own words (createdAt -> created at).
 */
const fieldName = (key: string, locale: Locale) => {
  const snake = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  const named = `export_field_${snake}`;
  return isMessageKey(named) ? translate(locale, named) : snake.replace(/_/g, ' ');
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** One value as the reader reads it: times in their language and zone, lists and records as tables. */
function valueHtml(value: unknown, meta: ArchiveMeta): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>';
  if (value instanceof Date) return escapeHtml(readableTime(value, meta.locale, meta.timeZone));
  if (Array.isArray(value)) return listHtml(value, meta);
  if (isPlainObject(value)) return recordHtml(value, meta);
  if (typeof value === 'boolean') return translate(meta.locale, value ? 'activity_yes' : 'activity_no');
  return escapeHtml(String(value));
}

function recordHtml(record: Record<string, unknown>, meta: ArchiveMeta): string {
  const rows = Object.entries(record).map(
    ([key, value]) =>
      `<tr><th scope="row">${escapeHtml(fieldName(key, meta.locale))}</th><td>${valueHtml(value, meta)}</td></tr>`,
  );
  return `<table class="record"><tbody>${rows.join('')}</tbody></table>`;
}

function listHtml(list: unknown[], meta: ArchiveMeta): string {
  if (list.length === 0) return `<p class="none">${escapeHtml(translate(meta.locale, 'export_html_nothing'))}</p>`;
  if (!list.every(isPlainObject)) return `<ul>${list.map((v) => `<li>${valueHtml(v, meta)}</li>`).join('')}</ul>`;
  const columns = [...new Set(list.flatMap((row) => Object.keys(row)))];
  const head = columns.map((c) => `<th scope="col">${escapeHtml(fieldName(c, meta.locale))}</th>`).join('');
  const body = list
    .map((row) => `<tr>${columns.map((c) => `<td>${valueHtml(row[c], meta)}</td>`).join('')}</tr>`)
    .join('');
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function filesHtml(paths: string[]): string {
  const items = paths.map((path) => {
    const name = escapeHtml(path);
    const picture = IMAGE.test(path) ? `<img src="${name}" alt="${name}" loading="lazy">` : '';
    return `<li><a href="${name}">${name}</a>${picture}</li>`;
  });
  return `<ul class="files">${items.join('')}</ul>`;
}

function readableTime(at: Date, locale: Locale, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;margin:0 auto;max-width:72rem;padding:1.5rem}
h1{font-size:1.75rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:2px solid #dee2e6}
nav ul{columns:2;padding-left:1.25rem}table{border-collapse:collapse;margin:.5rem 0;font-size:.875rem}
th,td{border:1px solid #ced4da;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f1f3f5}.scroll{overflow-x:auto}.none{color:#495057}
.files img{display:block;max-width:20rem;max-height:14rem;margin:.5rem 0}
a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
`;

/** index.html: every part under its title, in the person's language, with its files linked. */
export function renderArchivePage(parts: ExportPart[], files: Record<string, string[]>, meta: ArchiveMeta): string {
  const t = (key: MessageKey, params: Record<string, string> = {}) => escapeHtml(translate(meta.locale, key, params));
  const title = t('export_html_title', { product: meta.product });
  const toc = parts
    .map((p) => `<li><a href="#${p.name}">${t(`export_part_${p.name}` as MessageKey)}</a></li>`)
    .join('');
  const sections = parts
    .map((p) => {
      const heading = t(`export_part_${p.name}` as MessageKey);
      const attached = files[p.name]?.length ? filesHtml(files[p.name] ?? []) : '';
      return `<section id="${p.name}"><h2>${heading}</h2>${valueHtml(p.data, meta)}${attached}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${meta.locale === 'en-US' ? 'en' : 'vi'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body><main>
<h1>${title}</h1>
<p>${t('export_html_made', { time: readableTime(meta.madeAt, meta.locale, meta.timeZone), account: meta.account })}</p>
<p>${t('export_html_machine')}</p>
<nav><ul>${toc}</ul></nav>
${sections}
</main></body></html>
`;
}
