import { m, type Locale } from '$lib/i18n';
import type { UnitProblem } from '$lib/rules/registration';
import { agesWords } from '../competition-words';

/**
 * What is wrong with a unit (ES-CAT, CZ-GEN-AGE), in the UI language, from the problem's facts
 * (rules/registration.ts UnitProblem; its `message` is the English of the server and the CLI):
 * "needs 6–8 members, has 5", "Hugo is 9: the category takes ages 5–7", "needs at least 2
 * children (ages 5–14), has 1", "Eva: date of birth missing", "Eva is under 16: an
 * accompanying adult is required". A composition rule whose ages end below 18 counts children.
 */
export function unitProblemWords(p: UnitProblem, options: { locale?: Locale } = {}): string {
	const opt = { locale: options.locale };
	switch (p.code) {
		case 'size': {
			const want = p.size.min === p.size.max ? String(p.size.min) : `${p.size.min}–${p.size.max}`;
			return m.org_entries_problem_size({ want, has: p.has }, opt);
		}
		case 'registers-alone':
			return m.org_entries_problem_alone({ size: p.size, has: p.has }, opt);
		case 'age':
			return m.org_entries_problem_age({ member: p.member, age: p.age, ages: agesWords(p.range, options.locale) ?? m.org_entries_any_age({}, opt) }, opt);
		case 'composition': {
			const ages = agesWords(p.range, options.locale) ?? m.org_entries_any_age({}, opt);
			const children = p.range.max !== undefined && p.range.max < 18;
			return children
				? m.org_entries_problem_children({ count: p.atLeast, ages, has: p.has }, opt)
				: m.org_entries_problem_composition({ count: p.atLeast, ages, has: p.has }, opt);
		}
		case 'birth-date-missing':
			return m.org_entries_problem_birth_date({ member: p.member }, opt);
		case 'companion-missing':
			return m.org_entries_problem_companion({ member: p.member, age: p.underAge }, opt);
	}
}
