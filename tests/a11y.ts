import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/** axe-core's browser build, put into a page once (a page keeps it until it navigates away). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } };

/**
 * axe-core over the page as it is now, against WCAG 2.1 A and AA: each violation with axe's
 * own description of the rule and the elements that break it (none: an empty list).
 *
 * `axe.run` in the page itself: @axe-core/playwright's builder sent axe's 580 kB again with every
 * check and finished each in a new blank page (≈ 0.5 s a check against ≈ 0.06 s, measured;
 * 87 checks in the gate). The app has no frames, which only the builder would have followed.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
	const violations = await page.evaluate(
		async ({ include, options }) => {
			const axe = (window as unknown as { axe: { run: (c: ElementContext, o: RunOptions) => Promise<AxeResults> } }).axe;
			const { violations } = await axe.run(include ? { include: [include] } : document, options);
			return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })) }));
		},
		{ include, options: OPTIONS }
	);
	return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
}

/** A violation fails the test with axe's report (axeViolations). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
	expect(await axeViolations(page, include), 'axe-core violations').toEqual([]);
}
