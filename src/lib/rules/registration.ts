import type { Ruleset, AgeRange } from './schema';

/** Age in whole years on `onDate` (both ISO dates, YYYY-MM-DD). */
export function ageOn(birthDate: string, onDate: string): number {
	const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
	const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
	return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function inAgeRange(age: number, r: AgeRange | undefined): boolean {
	return r === undefined || ((r.min === undefined || age >= r.min) && (r.max === undefined || age <= r.max));
}

export interface MemberInfo {
	name: string;
	birthDate?: string;
	accompaniedBy?: string;
}

/**
 * What is wrong with a unit, with the facts of it (so that a screen words it in its own
 * language: src/lib/organizer/register/unit-problem-words.ts) and `message`, the same in
 * English for the server's refusals and the CLI.
 */
export type UnitProblem = { message: string } & (
	/** Not `size.min`–`size.max` members: `has`. */
	| { code: 'size'; size: { min: number; max: number }; has: number }
	/** A member of `age` outside the ruleset's `range`. */
	| { code: 'age'; member: string; age: number; range: AgeRange }
	/** Fewer than `atLeast` members aged `range` (the ruleset's `label`, e.g. children): `has`. */
	| { code: 'composition'; atLeast: number; range: AgeRange; label: string; has: number }
	/** A member without a date of birth where the ruleset needs ages. */
	| { code: 'birth-date-missing'; member: string }
	/** A member of `age`, under `underAge`, without an accompanying adult (CZ-GEN-AGE). */
	| { code: 'companion-missing'; member: string; age: number; underAge: number }
);

/**
 * Whether the members form a valid unit for this ruleset on the competition day: size (ES-CAT),
 * every member's age (ES-CAT), composition such as "at least 2 children" (ES-CAT), and an
 * accompanying adult for the young (CZ-GEN-AGE, a warning at check-in).
 */
export function checkUnit(r: Pick<Ruleset, 'unit'>, members: MemberInfo[], competitionDay: string): UnitProblem[] {
	const { unit } = r;
	const problems: UnitProblem[] = [];
	if (members.length < unit.size.min || members.length > unit.size.max) {
		const want = unit.size.min === unit.size.max ? `${unit.size.min}` : `${unit.size.min}–${unit.size.max}`;
		problems.push({ code: 'size', size: { min: unit.size.min, max: unit.size.max }, has: members.length, message: `needs ${want} members, has ${members.length}` });
	}
	const needsAges = unit.memberAge !== undefined || unit.composition.length > 0 || unit.accompaniedUnderAge !== undefined;
	const ages: (number | undefined)[] = members.map((m) => (m.birthDate ? ageOn(m.birthDate, competitionDay) : undefined));
	members.forEach((m, i) => {
		const age = ages[i];
		if (age === undefined) {
			if (needsAges) problems.push({ code: 'birth-date-missing', member: m.name, message: `${m.name}: date of birth missing` });
			return;
		}
		if (!inAgeRange(age, unit.memberAge))
			problems.push({ code: 'age', member: m.name, age, range: unit.memberAge ?? {}, message: `${m.name} is ${age}, outside ${describeRange(unit.memberAge)}` });
		if (unit.accompaniedUnderAge !== undefined && age < unit.accompaniedUnderAge && !m.accompaniedBy)
			problems.push({
				code: 'companion-missing',
				member: m.name,
				age,
				underAge: unit.accompaniedUnderAge,
				message: `${m.name} is under ${unit.accompaniedUnderAge}: an accompanying adult is required`
			});
	});
	for (const c of unit.composition) {
		const n = ages.filter((a) => a !== undefined && inAgeRange(a, c.age)).length;
		if (n < c.atLeast) problems.push({ code: 'composition', atLeast: c.atLeast, range: c.age, label: c.label, has: n, message: `needs at least ${c.atLeast} ${c.label}, has ${n}` });
	}
	return problems;
}

export function describeRange(r: AgeRange | undefined): string {
	if (!r || (r.min === undefined && r.max === undefined)) return 'any age';
	if (r.max === undefined) return `${r.min}+`;
	if (r.min === undefined) return `up to ${r.max}`;
	return `${r.min}–${r.max}`;
}

/** The rulesets whose member age range admits `age` (ES-CAT); empty means no category covers it. */
export function categoriesForAge(rulesets: readonly Ruleset[], age: number): Ruleset[] {
	return rulesets.filter((r) => inAgeRange(age, r.unit.memberAge));
}

/** The fee of one entry with `members` people (ES-FEE, CZ-IND-CAP, CZ-TEAM-CAP). */
export function entryFee(r: Pick<Ruleset, 'fee'>, members: number): { amount: number; currency: string } {
	return { amount: r.fee.per === 'person' ? r.fee.amount * members : r.fee.amount, currency: r.fee.currency };
}

/** Whether a cancellation on `cancelledOn` gets the fee back (CZ-GEN-REFUND). Dates are ISO days. */
export function refundDue(r: Pick<Ruleset, 'refund'>, competitionDay: string, cancelledOn: string): boolean {
	if (r.refund === null) return true;
	const days = (Date.parse(competitionDay) - Date.parse(cancelledOn)) / 86_400_000;
	return days >= r.refund.deadlineDaysBefore;
}

/**
 * Where the next registration goes (CZ-IND-CAP, CZ-TEAM-CAP): capacity counts people or
 * entries; past it, the waiting list.
 */
export function admission(
	r: Pick<Ruleset, 'capacity'>,
	registered: { entries: number; people: number },
	newPeople: number
): 'registered' | 'waiting-list' {
	if (r.capacity === null) return 'registered';
	const used = r.capacity.per === 'person' ? registered.people + newPeople : registered.entries + 1;
	return used <= r.capacity.max ? 'registered' : 'waiting-list';
}
