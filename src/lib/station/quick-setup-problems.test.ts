import { describe, expect, it } from 'vitest';
import { quickSetup, type QuickSetupInput } from './quick-setup';
import { QUICK_SETUP_LIMITS, quickSetupProblems, type QuickSetupProblem } from './quick-setup-problems';

const base: QuickSetupInput = { presetId: 'czjpa-individual', seatNames: ['Ana', 'Bob'], day: '2026-05-16', suffix: 'abcd1234' };

/** What quickSetup finds wrong with `input`, as codes. */
function problems(changes: Partial<QuickSetupInput>): QuickSetupProblem[] {
	const input = { ...base, ...changes };
	const r = quickSetup(input);
	return r.ok ? [] : quickSetupProblems(input, r.issues);
}

const seats = (n: number, name = (i: number) => `Seat ${i + 1}`) => Array.from({ length: n }, (_, i) => name(i));

describe('quickSetupProblems', () => {
	it('agrees with the schema on every limit', () => {
		expect(problems({ seatNames: seats(QUICK_SETUP_LIMITS.seats) })).toEqual([]);
		expect(problems({ seatNames: seats(QUICK_SETUP_LIMITS.seats + 1) })).toEqual([{ code: 'too-many-seats', max: QUICK_SETUP_LIMITS.seats }]);
		const long = (n: number) => 'x'.repeat(n);
		expect(problems({ competitionName: long(QUICK_SETUP_LIMITS.nameLength), seatNames: [long(QUICK_SETUP_LIMITS.nameLength)] })).toEqual([]);
		expect(problems({ table: long(QUICK_SETUP_LIMITS.tableLength) })).toEqual([]);
		expect(problems({ competitionName: long(QUICK_SETUP_LIMITS.nameLength + 1) })).toEqual([{ code: 'competition-name-too-long', max: QUICK_SETUP_LIMITS.nameLength }]);
		expect(problems({ table: long(QUICK_SETUP_LIMITS.tableLength + 1) })).toEqual([{ code: 'table-too-long', max: QUICK_SETUP_LIMITS.tableLength }]);
	});

	it('names the seat whose name is too long, counting from 1', () => {
		const names = seats(4);
		names[2] = 'y'.repeat(QUICK_SETUP_LIMITS.nameLength + 1);
		expect(problems({ seatNames: names })).toEqual([{ code: 'seat-name-too-long', seat: 3, max: QUICK_SETUP_LIMITS.nameLength }]);
	});

	it('tells no seats from too many, and an unknown preset', () => {
		expect(problems({ seatNames: [] })).toEqual([{ code: 'no-seats' }]);
		expect(problems({ presetId: 'nope' })).toEqual([{ code: 'preset' }]);
		expect(problems({ presetId: 'nope', seatNames: [] })).toEqual([{ code: 'preset' }, { code: 'no-seats' }]);
	});

	it('keeps what the form cannot get wrong as it is', () => {
		const [p] = problems({ day: '16.5.2026' });
		expect(p).toMatchObject({ code: 'other', path: 'day' });
		expect(p?.code === 'other' && p.message.length > 0).toBe(true);
	});
});

describe('quickSetupProblems of a control character', () => {
	const CONTROLS = [
		['a tab', 'Ana\tBob'],
		['a right-to-left override', '\u202EAna'],
		['a NUL', 'A\u0000na']
	] as const;

	it('issue 29 #8: a seat name with a tab, U+202E or NUL is the seat-name-control problem naming the seat, no exception', () => {
		for (const [what, name] of CONTROLS) {
			const names = seats(4);
			names[2] = name;
			expect(() => problems({ seatNames: names }), what).not.toThrow();
			expect(problems({ seatNames: names }), what).toEqual([{ code: 'seat-name-control', seat: 3 }]);
		}
	});

	it('issue 29 #8: a relay team’s line with a control character is the seat-name-control problem of its seat', () => {
		expect(problems({ presetId: 'czjpa-team-relay', seatNames: ['Sovy: Eva,\u200F Filip'] })).toEqual([{ code: 'seat-name-control', seat: 1 }]);
	});

	it('issue 29 #8: a competition name with a control character is competition-name-control', () => {
		for (const [what, name] of CONTROLS) expect(problems({ competitionName: name }), what).toEqual([{ code: 'competition-name-control' }]);
	});

	it('issue 29 #8: the table’s control character is table-control, a too-long table still table-too-long', () => {
		for (const [what, table] of CONTROLS) expect(problems({ table }), what).toEqual([{ code: 'table-control' }]);
		expect(problems({ table: 'x'.repeat(QUICK_SETUP_LIMITS.tableLength + 1) })).toEqual([{ code: 'table-too-long', max: QUICK_SETUP_LIMITS.tableLength }]);
	});

	it('issue 29 #8: a too-long name is still too long; one both too long and with a control character is both', () => {
		const long = 'y'.repeat(QUICK_SETUP_LIMITS.nameLength + 1);
		expect(problems({ seatNames: ['Ana', long] })).toEqual([{ code: 'seat-name-too-long', seat: 2, max: QUICK_SETUP_LIMITS.nameLength }]);
		expect(problems({ competitionName: long })).toEqual([{ code: 'competition-name-too-long', max: QUICK_SETUP_LIMITS.nameLength }]);
		expect(problems({ seatNames: ['Ana', `\t${long}`] })).toEqual(
			expect.arrayContaining([
				{ code: 'seat-name-control', seat: 2 },
				{ code: 'seat-name-too-long', seat: 2, max: QUICK_SETUP_LIMITS.nameLength }
			])
		);
		expect(problems({ seatNames: ['Ana', `\t${long}`] })).toHaveLength(2);
	});
});

describe('quickSetup names', () => {
	it('uses the names given for what is left blank, else the English defaults', () => {
		const named = quickSetup(base, { competition: 'Jednotlivci', heat: 'Rozběh 1' });
		const plain = quickSetup(base);
		if (!named.ok || !plain.ok) throw new Error('set-up refused');
		expect([named.value.bundle.competitions[0]!.name, named.value.bundle.heats[0]!.name]).toEqual(['Jednotlivci', 'Rozběh 1']);
		expect([plain.value.bundle.competitions[0]!.name, plain.value.bundle.heats[0]!.name]).toEqual(['CZJPA individual (500 pieces, 90 min)', 'Heat 1']);
		const typed = quickSetup({ ...base, competitionName: 'Club night' }, { competition: 'Jednotlivci' });
		expect(typed.ok && typed.value.bundle.competitions[0]!.name).toBe('Club night');
	});
});

describe('quickSetup of a relay', () => {
	it('CZ-TEAM-P1: a line is a team with its members in order; members not typed are named, extra names left out', () => {
		const made = quickSetup({ ...base, presetId: 'czjpa-team-relay', seatNames: ['Rychlé prsty: Anna, Bára, Cyril, Dana', 'Sovy: Eva, Filip', 'Lišky: A, B, C, D, E'] }, { member: (n) => `Člen ${n}` });
		if (!made.ok) throw new Error('set-up refused');
		const [a, b, c] = made.value.bundle.entries;
		expect(a).toMatchObject({ name: 'Rychlé prsty', members: ['Anna', 'Bára', 'Cyril', 'Dana'].map((name, i) => ({ id: `${a!.id}-m${i + 1}`, name })) });
		expect(b!.members.map((m) => m.name)).toEqual(['Eva', 'Filip', 'Člen 3', 'Člen 4']);
		expect(c!.members.map((m) => m.name)).toEqual(['A', 'B', 'C', 'D']);
		const individual = quickSetup({ ...base, seatNames: ['Anna: Bára'] });
		expect(individual.ok && individual.value.bundle.entries[0]).toMatchObject({ name: 'Anna: Bára', members: [] });
	});
});
