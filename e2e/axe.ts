import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Read once; evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not block.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG A/AA violations of the page as it is now, as `rule: node, node`. `main`
 * checks the page's own content; `page` everything but the shell's header and navigation
 * (checked with the shell, e2e/shell.e2e.ts), so a page's modals count too; `all` the whole
 * document, shell and open menus included, against WCAG 2.2 (e2e/accessibility.e2e.ts).
 */
export async function axeViolations(page: Page, scope: 'main' | 'page' | 'all' = 'main'): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const context =
      scope === 'main'
        ? (document.querySelector('main') ?? document)
        : scope === 'page'
          ? { exclude: [['header'], ['nav']] }
          : document;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(scope === 'all' ? ['wcag22aa'] : [])];
    const result = await axe.run(context, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, scope);
}
