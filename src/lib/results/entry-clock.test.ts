import { describe, expect, it } from 'vitest';
import { competition, MIN, SEC, T0, tablet } from '$lib/scoring/testkit';
import { entryClock } from './entry-clock';

const setupOf = (preset: string, names: string[]) => {
	const c = competition(preset, names);
	return (name: string) => ({ competition: c.competition, ruleset: c.ruleset, entry: c.entries.find((e) => e.name === name)! });
};

describe('entryClock', () => {
	it('reads the clock from the start in force, at the ruleset’s resolution (ms for CZJPA)', () => {
		const of = setupOf('czjpa-individual', ['Ana', 'Bob']);
		const a = tablet('a');
		a.start(T0, ['ana', 'bob']);
		a.finish('ana', T0 + 8 * MIN + 31_103);
		// Another finish, a check and a lock do not move the clock of another moment.
		const clock = entryClock(of('Ana'), a.events);
		expect(clock(T0 + 8 * MIN + 44_966)).toBe(8 * MIN + 44_966);
		expect(clock(T0 + 8 * MIN + 31_103)).toBe(8 * MIN + 31_103);
		expect(clock(T0 - SEC)).toBeNull();
		expect(clock(T0 + 91 * MIN)).toBeNull(); // past the 90-minute limit
		expect(entryClock(of('Bob'), []) (T0 + MIN)).toBeNull(); // no start
	});

	it('ES-PREVIEW, ES-PAUSE, ES-WIN: after the preview, without the pauses, in whole seconds', () => {
		const of = setupOf('es-adult-individual', ['Lucía']);
		const a = tablet('a');
		a.start(T0, ['lucía'], 2 * MIN);
		a.pause('lucía', T0 + 12 * MIN, T0 + 15 * MIN);
		const clock = entryClock(of('Lucía'), a.events);
		expect(clock(T0 + MIN)).toBeNull(); // during the preview
		expect(clock(T0 + 10 * MIN + 900)).toBe(8 * MIN);
		expect(clock(T0 + 20 * MIN + 900)).toBe(15 * MIN); // 18:00.9 from the start, 3 minutes paused
	});

	it('a corrected start counts as corrected; a start of other seats does not count', () => {
		const of = setupOf('czjpa-individual', ['Ana', 'Bob']);
		const a = tablet('a');
		const start = a.start(T0, ['ana']);
		a.correct(start, T0 + MIN, 'started late', { type: 'heat.start', at: T0 + 30 * SEC, payload: { entryIds: ['ana'], previewMs: 0 } });
		a.start(T0 - 5 * MIN, ['bob']);
		expect(entryClock(of('Ana'), a.events)(T0 + 10 * MIN)).toBe(9 * MIN + 30 * SEC);
	});

	it('relay: the time of a puzzle finished at that moment', () => {
		const c = competition('czjpa-team-relay', ['Team'], 4);
		const a = tablet('a');
		a.start(T0, ['team']);
		expect(entryClock({ competition: c.competition, ruleset: c.ruleset, entry: c.entries[0]! }, a.events)(T0 + 61 * MIN + 5)).toBe(61 * MIN + 5);
	});
});

describe('entryClock of one tablet', () => {
	it('counts from the tablet’s own start of the seat when it recorded one, else from the start in force', () => {
		const of = setupOf('czjpa-individual', ['Ana']);
		const a = tablet('a');
		const b = tablet('b');
		const c = tablet('c');
		a.start(T0, ['ana']);
		b.start(T0 + 5 * SEC, ['ana']);
		const events = [...a.events, ...b.events, ...c.events];
		const at = T0 + 5 * SEC + 8 * MIN + 44_966;
		expect(entryClock(of('Ana'), events)(at)).toBe(8 * MIN + 49_966);
		expect(entryClock(of('Ana'), events, { startsOf: 'b' })(at)).toBe(8 * MIN + 44_966);
		expect(entryClock(of('Ana'), events, { startsOf: 'c' })(at)).toBe(8 * MIN + 49_966);
	});
});
