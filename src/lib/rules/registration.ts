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
	/** More than one person in a registration where everyone registers alone and the units of `size` are drawn (CZ-TEAM-DRAW): `has`. */
	| { code: 'registers-alone'; size: number; has: number }
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
	const ages = memberProblems(r, members, competitionDay, problems);
	for (const c of unit.composition) {
		const n = ages.filter((a) => a !== undefined && inAgeRange(a, c.age)).length;
		if (n < c.atLeast) problems.push({ code: 'composition', atLeast: c.atLeast, range: c.age, label: c.label, has: n, message: `needs at least ${c.atLeast} ${c.label}, has ${n}` });
	}
	return problems;
}

/**
 * Whether a registration is valid: a whole unit (checkUnit), or, where everyone registers
 * alone and the units are drawn (CZ-TEAM-DRAW), one person meeting the members' rules (age,
 * an accompanying adult); the size and composition are the drawn unit's, not the registration's.
 */
export function checkRegistration(r: Pick<Ruleset, 'unit'>, members: MemberInfo[], competitionDay: string): UnitProblem[] {
	if (!r.unit.drawn) return checkUnit(r, members, competitionDay);
	const problems: UnitProblem[] = [];
	if (members.length !== 1)
		problems.push({ code: 'registers-alone', size: r.unit.size.max, has: members.length, message: `everyone registers alone (the units of ${r.unit.size.max} are drawn), has ${members.length}` });
	memberProblems(r, members, competitionDay, problems);
	return problems;
}

/** One person per registration: an individual, or a unit drawn from people who register alone (CZ-TEAM-DRAW). */
export function registersAlone(r: Pick<Ruleset, 'unit'>): boolean {
	return r.unit.kind === 'individual' || r.unit.drawn === true;
}

/** Each member's own problems (age, date of birth, companion) added to `problems`; their ages on the day (undefined: not known). */
function memberProblems(r: Pick<Ruleset, 'unit'>, members: MemberInfo[], competitionDay: string, problems: UnitProblem[]): (number | undefined)[] {
	const { unit } = r;
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
	return ages;
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
 * The capacity as registrations fill it: the ruleset's, except that entries drawn from people
 * who register alone are counted in people, `max × size.max` (CZ-TEAM-CAP with CZ-TEAM-DRAW:
 * 20 teams of 4 are 80 people). Null: no limit.
 */
export function registrationCapacity(r: Pick<Ruleset, 'capacity' | 'unit'>): { max: number; per: 'person' | 'entry' } | null {
	if (r.capacity === null) return null;
	if (r.unit.drawn && r.capacity.per === 'entry') return { max: r.capacity.max * r.unit.size.max, per: 'person' };
	return r.capacity;
}

/**
 * Where the next registration goes (CZ-IND-CAP, CZ-TEAM-CAP): capacity counts people or
 * entries (registrationCapacity); past it, the waiting list.
 */
export function admission(
	r: Pick<Ruleset, 'capacity' | 'unit'>,
	registered: { entries: number; people: number },
	newPeople: number
): 'registered' | 'waiting-list' {
	const capacity = registrationCapacity(r);
	if (capacity === null) return 'registered';
	const used = capacity.per === 'person' ? registered.people + newPeople : registered.entries + 1;
	return used <= capacity.max ? 'registered' : 'waiting-list';
}
