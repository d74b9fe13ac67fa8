import { m } from '$lib/i18n';
import type { Locale } from '$lib/i18n/locales';

/**
 * What is wrong with a field of the ruleset form, in the screen's language: the schema's own
 * messages are English (for the CLI, the server and files), so an issue is worded here by its
 * kind (too small, too big, not a whole number, …) or, for the schema's own checks, by the
 * reason it names (`params.reason`, src/lib/rules/schema.ts). One not known here keeps the
 * schema's message rather than saying nothing.
 */

/** The parts of a zod issue the wording needs. */
export interface RulesetIssue {
	code: string;
	message: string;
	origin?: string;
	minimum?: number | bigint;
	maximum?: number | bigint;
	inclusive?: boolean;
	expected?: string;
	format?: string;
	params?: Record<string, unknown>;
}

/** `locale`: the screen's by default. */
export function rulesetIssueText(issue: RulesetIssue, fieldKey?: string, locale?: Locale): string {
	const o = locale ? { locale } : {};
	switch (issue.code) {
		case 'too_small':
			if (issue.origin !== 'number') return m.org_rf_issue_required({}, o);
			if (Number(issue.minimum) === 0) return issue.inclusive ? m.org_rf_issue_not_negative({}, o) : m.org_rf_issue_above_zero({}, o);
			return m.org_rf_issue_at_least({ n: String(issue.minimum) }, o);
		case 'too_big':
			return issue.origin === 'number' ? m.org_rf_issue_at_most({ n: String(issue.maximum) }, o) : m.org_rf_issue_too_long({ n: String(issue.maximum) }, o);
		case 'invalid_type':
			return issue.expected === 'int' ? m.org_rf_issue_whole({}, o) : issue.expected === 'number' ? m.org_rf_not_number({}, o) : m.org_rf_issue_required({}, o);
		case 'invalid_format':
			if (issue.format === 'safeint') return m.org_rf_issue_whole({}, o);
			return fieldKey === 'currency' ? m.org_rf_issue_currency({}, o) : m.org_rf_issue_format({}, o);
		case 'invalid_value':
			return m.org_rf_issue_choice({}, o);
		case 'custom':
			return customText(issue, o);
		default:
			return issue.message;
	}
}

function customText(issue: RulesetIssue, o: { locale?: Locale }): string {
	switch (issue.params?.reason) {
		case 'min-above-max':
			return m.org_rf_issue_min_above_max({}, o);
		case 'individual-size':
			return m.org_rf_issue_individual_size({}, o);
		case 'pair-size':
			return m.org_rf_issue_pair_size({}, o);
		case 'above-size':
			return m.org_rf_issue_above_size({ max: String(issue.params.max) }, o);
		case 'preview-too-long':
			return m.org_rf_issue_preview_too_long({}, o);
		default:
			return issue.message;
	}
}
