/**
 * axe-core's WCAG 2 A/AA rules (contrast included) run in a browser page, for the browser tests.
 *
 * The rules and the page checked are those of `new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa'])`, run
 * cheaper: axe's script is put in a document once, not twice per check and then again in a blank page of its
 * own (the builder's way, made for pages with frames of other origins, which these pages do not have); and only
 * the violations are reported in full (`resultTypes`): describing every element that passed took most of a
 * check's time, and the passes are not read.
 */
import type { Page } from 'playwright-core';
import axe from 'axe-core';

/** Serious or critical findings, each as "rule: up to three of its elements". */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe;
    const r = await a.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' | ')}`);
}
