import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core over the page as it is now, against WCAG 2.1 A and AA. A violation fails the test
 * with axe's own description of each rule and the elements that break it.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
	if (include) builder = builder.include(include);
	const { violations } = await builder.analyze();
	const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
	expect(report, 'axe-core violations').toEqual([]);
}
