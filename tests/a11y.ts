import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core over the page as it is now, against WCAG 2.1 A and AA: each violation with axe's
 * own description of the rule and the elements that break it (none: an empty list).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
	if (include) builder = builder.include(include);
	const { violations } = await builder.analyze();
	return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
}

/** A violation fails the test with axe's report (axeViolations). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
	expect(await axeViolations(page, include), 'axe-core violations').toEqual([]);
}
