import { describe, expect, it } from 'vitest';
import type { Locale } from '$lib/i18n';
import type { Conflict, ConflictKind } from '$lib/scoring';
import { competition, MIN, score, T0, tablet } from '$lib/scoring/testkit';
import { describeConflict } from './conflict';

const names = new Map([
	['ana', 'Ana'],
	['bob', 'Bob']
]);
const nameOf = (id: string) => names.get(id);

function conflict(kind: ConflictKind, eventIds: string[], more: Partial<Conflict> = {}): Conflict {
	return { kind, competitionId: 'comp', heatId: 'heat-1', entryId: 'ana', eventIds, deviceIds: ['tablet-1'], message: '(English)', ...more };
}

const say = (c: Conflict, locale: Locale) => describeConflict(c, nameOf, { locale });

describe('describeConflict', () => {
	it('says the conflicts scoring finds, with the entry’s name, in each locale', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob']);
		const a = tablet('tablet-a');
		const b = tablet('tablet-b');
		a.start(T0, ['ana', 'bob']);
		b.start(T0 + 5000, ['ana']);
		a.hand('ana', T0 + 40 * MIN);
		b.hand('ana', T0 + 41 * MIN);
		a.tally('bob', T0 + 91 * MIN, [100]);
		a.tally('bob', T0 + 92 * MIN, [120]);
		const s = score(setup, [...a.events, ...b.events], T0 + 95 * MIN);
		const rowNames = new Map(s.rows.map((r) => [r.entryId, r.name]));
		const all = (locale: Locale) => s.conflicts.map((c) => describeConflict(c, (id) => rowNames.get(id), { locale }));
		expect(s.conflicts.map((c) => c.kind)).toEqual(['double-finish', 'double-start', 'double-tally']);
		expect(all('en')).toEqual([
			'2 finishes of Ana from different devices; the earliest counts',
			'2 different starts for Ana; the first counts',
			'two different tallies for Bob; the later one counts'
		]);
		// As scoring says them, but for the puzzle's ID, which the conflict does not hold.
		expect(all('en').slice(0, 2)).toEqual(s.conflicts.slice(0, 2).map((c) => c.message));
		expect(s.conflicts[2]!.message).toBe('two different tallies of puzzle for Bob; the later one counts');
		expect(all('cs')).toEqual([
			'Ana: 2 dokončení z různých zařízení; platí nejdřívější',
			'Ana: 2 různé starty; platí první',
			'Bob: dvě různá sčítání skupin; platí pozdější'
		]);
		expect(all('es')).toEqual([
			'2 finalizaciones de Ana desde dispositivos distintos; cuenta la primera',
			'2 salidas distintas para Ana; cuenta la primera',
			'dos recuentos distintos para Bob; cuenta el último'
		]);
	});

	it('uses the Czech plural forms for 2–4 and 5 or more', () => {
		const starts = (n: number) => conflict('double-start', Array.from({ length: n }, (_, i) => `e${i}`));
		expect(say(starts(3), 'cs')).toBe('Ana: 3 různé starty; platí první');
		expect(say(starts(5), 'cs')).toBe('Ana: 5 různých startů; platí první');
		const checks = (n: number) => conflict('double-check', Array.from({ length: n }, (_, i) => `e${i}`));
		expect(say(checks(2), 'cs')).toBe('Ana: 2 různé kontroly jednoho dokončení; platí pozdější');
		expect(say(checks(6), 'cs')).toBe('Ana: 6 různých kontrol jednoho dokončení; platí pozdější');
		expect(say(checks(2), 'en')).toBe('2 different checks of one finish of Ana; the later one counts');
		const invalid = (n: number) => conflict('invalid', Array.from({ length: n }, (_, i) => `e${i}`));
		expect([1, 2, 5].map((n) => say(invalid(n), 'cs'))).toEqual([
			'Ana: 1 neplatná událost; nepoužita',
			'Ana: 2 neplatné události; nepoužity',
			'Ana: 5 neplatných událostí; nepoužito'
		]);
		expect([1, 2].map((n) => say(invalid(n), 'es'))).toEqual(['1 evento no válido para Ana; no se aplica', '2 eventos no válidos para Ana; no se aplican']);
	});

	it('says every kind, with the parameters the conflict holds, and never an event ID', () => {
		const corrections = conflict('double-correction', ['h1', 'c1', 'c2'], { deviceIds: ['org-1', 'org-2'] });
		expect(say(corrections, 'en')).toBe('2 corrections in force for one event of Ana; the latest applies');
		expect(say(corrections, 'cs')).toBe('Ana: 2 platné opravy jedné události; platí poslední');
		expect(say(corrections, 'es')).toBe('2 correcciones vigentes para un evento de Ana; se aplica la última');
		expect(say({ ...corrections, entryId: null }, 'en')).toBe('2 corrections in force for one event; the latest applies');
		const collision = conflict('id-collision', ['x7'], { deviceIds: ['a', 'b'] });
		expect(say(collision, 'en')).toBe('different events share one identifier; one is kept, the others are ignored');
		expect(say(collision, 'cs')).toBe('různé události mají stejný identifikátor; jedna platí, ostatní se ignorují');
		expect(say(collision, 'es')).toBe('eventos distintos comparten un identificador; se conserva uno y se ignoran los demás');
		for (const c of [corrections, collision]) for (const l of ['en', 'cs', 'es'] as const) for (const id of c.eventIds) expect(say(c, l)).not.toContain(id);
		const late = conflict('after-lock', ['ack', 'h2'], { entryId: 'bob' });
		expect(say(late, 'en')).toBe('an event after the record of Bob was acknowledged and locked; not applied');
		expect(say(late, 'cs')).toBe('Bob: událost po potvrzení a uzamčení záznamu; nepoužita');
		const finishes = conflict('double-finish', ['h1', 'h2', 'h3']);
		expect(say(finishes, 'en')).toBe('3 finishes of Ana; the earliest counts');
		expect(say(finishes, 'es')).toBe('3 finalizaciones de Ana; cuenta la primera');
	});

	it('names an entry it does not know by its ID, and events of no entry without one', () => {
		expect(say(conflict('invalid', ['e1'], { entryId: 'ghost' }), 'en')).toBe('1 invalid event for ghost; not applied');
		expect(say(conflict('invalid', ['e1', 'e2', 'e3'], { entryId: null }), 'cs')).toBe('3 neplatné události; nepoužity');
		expect(say(conflict('invalid', ['e1', 'e2'], { entryId: null }), 'es')).toBe('2 eventos no válidos; no se aplican');
	});
});
