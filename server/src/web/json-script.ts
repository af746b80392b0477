/**
 * A `<script type="application/json">` element holding `value`, safe inside HTML: `<` is written
 * as \u003c, so nothing in the value can close the element or open a comment.
 */
export const jsonScript = (id: string, value: unknown): string =>
  `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
