import { describe, expect, it } from 'vitest';
import { LOCALES } from '$lib/i18n/locales';
import { presetById } from '$lib/rules/presets';
import { RulesetSchema } from '$lib/rules/schema';
import { rulesetIssueText } from './ruleset-issue-words';

const cz = presetById('czjpa-individual')!;
const family = presetById('es-family-group')!;

/** The issues of a ruleset changed by `change`, worded in `locale`. */
function wordsOf(base: object, change: (r: Record<string, any>) => void, locale: (typeof LOCALES)[number]): string[] {
	const r = JSON.parse(JSON.stringify(base));
	change(r);
	const parsed = RulesetSchema.safeParse(r);
	expect(parsed.success).toBe(false);
	return parsed.error!.issues.map((i) => rulesetIssueText(i, i.path.at(-1) === 'currency' ? 'currency' : undefined, locale));
}

describe('rulesetIssueText', () => {
	it('CZ-GEN-CHANGES: words every issue the ruleset form can meet in the screen’s language, never the schema’s English', () => {
		const cases: [string, object, (r: Record<string, any>) => void][] = [
			['not above zero', cz, (r) => (r.timeLimitMs = 0)],
			['below zero', cz, (r) => (r.fee.amount = -1)],
			['not whole', cz, (r) => (r.format.puzzle.pieces = 1.5)],
			['too big', cz, (r) => (r.format.puzzle.pieces = 200_000)],
			['empty name', cz, (r) => (r.name = '')],
			['currency', cz, (r) => (r.fee.currency = 'korun')],
			['min above max', family, (r) => (r.unit.size.min = 9)],
			['age range', family, (r) => (r.unit.memberAge = { min: 20, max: 10 })],
			['pair size', presetById('es-kids-pairs-5-7')!, (r) => (r.unit.size.max = 3)],
			['preview', cz, (r) => (r.previewMs = r.timeLimitMs)],
			['composition above size', family, (r) => (r.unit.composition[0].atLeast = 20)]
		];
		for (const [what, base, change] of cases) {
			const english = RulesetSchema.safeParse((() => { const r = JSON.parse(JSON.stringify(base)); change(r); return r; })()).error!.issues.map((i) => i.message);
			const byLocale = Object.fromEntries(LOCALES.map((l) => [l, wordsOf(base, change, l)]));
			for (const l of LOCALES) {
				expect(byLocale[l]!.length, `${what} ${l}`).toBeGreaterThan(0);
				for (const text of byLocale[l]!) expect(english, `${what} ${l}: "${text}" is the schema's own message`).not.toContain(text);
			}
			expect(new Set(LOCALES.map((l) => byLocale[l]!.join())).size, `${what}: three languages, three texts`).toBe(3);
		}
	});

	it('says the limits it names', () => {
		expect(wordsOf(cz, (r) => (r.format.puzzle.pieces = 200_000), 'cs')).toEqual(['Smí být nejvýše 100000.']);
		expect(wordsOf(cz, (r) => (r.capacity.max = 0), 'es')).toEqual(['Debe ser al menos 1.']);
		expect(wordsOf(family, (r) => (r.unit.composition[0].atLeast = 20), 'en')).toEqual(['Cannot be more than the unit’s largest size (8).']);
	});

	it('keeps the schema’s message for an issue it does not know rather than saying nothing', () => {
		expect(rulesetIssueText({ code: 'custom', message: 'a relay is run by teams' }, undefined, 'cs')).toBe('a relay is run by teams');
	});
});
