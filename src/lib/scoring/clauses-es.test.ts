import { describe, expect, it } from 'vitest';
import { deriveRuleset } from '$lib/rules/derive';
import { presetById } from '$lib/rules/presets';
import { DeviceLog } from '$lib/events/builder';
import { competition, MIN, places, row, score, SEC, T0, tablet } from './testkit';

const ADULT = 'es-adult-individual';
const PREVIEW = 2 * MIN;
/** The clock's zero after the 2-minute preview of a start at T0. */
const Z = T0 + PREVIEW;

function adultHeat(names: string[]) {
	const setup = competition(ADULT, names);
	const log = tablet();
	log.start(T0, names.map((n) => n.toLowerCase()), PREVIEW);
	return { setup, log };
}

describe('Spanish town tournament', () => {
	it('ES-PREVIEW: the first 2 minutes are not counted; then the clock starts by itself', () => {
		const { setup, log } = adultHeat(['Ana']);
		expect(setup.ruleset.previewMs).toBe(2 * MIN);
		const inPreview = row(score(setup, log.events, T0 + 90 * SEC), 'Ana').outcome;
		expect(inPreview.status).toBe('preview');
		expect(inPreview.clockMs).toBe(0);
		const running = row(score(setup, log.events, T0 + 5 * MIN), 'Ana').outcome;
		expect(running.status).toBe('running');
		expect(running.clockMs).toBe(3 * MIN);
	});

	it('ES-LATE: an absent competitor\'s clock starts with everyone else\'s', () => {
		const { setup, log } = adultHeat(['Ana', 'Late']);
		// "Late" arrives at minute 20 of the clock; nothing is recorded for the arrival.
		log.finish('late', Z + 70 * MIN);
		const o = row(score(setup, log.events, Z + 80 * MIN), 'Late').outcome;
		expect(o.startedAt).toBe(Z);
		expect(o.finalTimeMs).toBe(70 * MIN);
	});

	it('ES-END: the time ends at the tap that tells the judge the last piece is placed', () => {
		const { setup, log } = adultHeat(['Ana']);
		const h = log.hand('ana', Z + 33 * MIN + 7 * SEC);
		log.confirm(h, Z + 35 * MIN);
		expect(row(score(setup, log.events, Z + 40 * MIN), 'Ana').outcome.finalTimeMs).toBe(33 * MIN + 7 * SEC);
	});

	it('ES-WIN: results in whole seconds, truncated as the stopwatch shows: 45:00.4 and 45:00.9 tie', () => {
		const { setup, log } = adultHeat(['Ana', 'Bea', 'Carmen']);
		log.finish('ana', Z + 45 * MIN + 400);
		log.finish('bea', Z + 45 * MIN + 900);
		log.finish('carmen', Z + 45 * MIN + 1000);
		const s = score(setup, log.events, Z + 60 * MIN);
		expect(row(s, 'Ana').outcome.finalTimeMs).toBe(45 * MIN);
		expect(row(s, 'Bea').outcome.finalTimeMs).toBe(45 * MIN);
		expect(row(s, 'Carmen').outcome.finalTimeMs).toBe(45 * MIN + SEC);
		expect(places(s)).toEqual([
			['Ana', 1],
			['Bea', 1],
			['Carmen', 3]
		]);
		expect(row(s, 'Ana').reason).toMatch(/^finished: 45:00 /);
	});

	it('ES-TIE: a tie for first is flagged for a tie-break; its result orders the tied entries', () => {
		const { setup, log } = adultHeat(['Ana', 'Bea', 'Carmen']);
		log.finish('ana', Z + 45 * MIN + 400);
		log.finish('bea', Z + 45 * MIN + 900);
		log.finish('carmen', Z + 50 * MIN);
		const flagged = score(setup, log.events, Z + 60 * MIN);
		expect(flagged.tieForFirst).toEqual(['ana', 'bea']);
		expect(flagged.rows.filter((r) => r.tieBreak).map((r) => r.name)).toEqual(['Ana', 'Bea']);
		expect(flagged.rows.filter((r) => r.awarded).map((r) => r.name)).toEqual(['Ana', 'Bea']);

		const judge = new DeviceLog({ deviceId: 'tablet-1', judge: 'Judge', competitionId: 'comp', heatId: null, firstSeq: 100 });
		judge.record('tiebreak.result', Z + 90 * MIN, null, { order: ['bea', 'ana'] });
		const decided = score(setup, [...log.events, ...judge.events], Z + 95 * MIN);
		expect(places(decided)).toEqual([
			['Bea', 1],
			['Ana', 2],
			['Carmen', 3]
		]);
		expect(decided.tieForFirst).toEqual([]);
		expect(decided.rows.some((r) => r.tieBreak)).toBe(false);
		expect(row(decided, 'Bea').reason).toMatch(/tie-break/);
	});

	it('ES-PAUSE: up to 2 pauses stop the clock; a third is refused and the clock runs on', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.pause('ana', Z + 10 * MIN, Z + 13 * MIN); // 3:00
		log.pause('ana', Z + 20 * MIN, Z + 24 * MIN); // 4:00
		log.pause('ana', Z + 30 * MIN, Z + 32 * MIN); // refused
		const during2nd = row(score(setup, log.events, Z + 22 * MIN), 'Ana').outcome;
		expect(during2nd.status).toBe('paused');
		expect(during2nd.clockMs).toBe(17 * MIN); // 20 − 3
		log.finish('ana', Z + 60 * MIN);
		const o = row(score(setup, log.events, Z + 70 * MIN), 'Ana').outcome;
		expect(o.pauses.used).toBe(2);
		expect(o.pauses.usedMs).toBe(7 * MIN);
		expect(o.notes.join(' ')).toMatch(/pause refused/);
		expect(o.finalTimeMs).toBe(53 * MIN); // 60 − 3 − 4
	});

	it('ES-PAUSE: a pause ends itself at 5:00', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.pause('ana', Z + 10 * MIN); // never ended by the judge
		const at14 = row(score(setup, log.events, Z + 14 * MIN), 'Ana').outcome;
		expect(at14.status).toBe('paused');
		expect(at14.clockMs).toBe(10 * MIN);
		const at16 = row(score(setup, log.events, Z + 16 * MIN), 'Ana').outcome;
		expect(at16.status).toBe('running');
		expect(at16.clockMs).toBe(11 * MIN); // 16 − 5
		log.finish('ana', Z + 40 * MIN);
		expect(row(score(setup, log.events, Z + 50 * MIN), 'Ana').outcome.finalTimeMs).toBe(35 * MIN);
	});

	it('ES-PAUSE: pauses push the time limit back, as the clock stood still', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.pause('ana', Z + 10 * MIN, Z + 15 * MIN);
		const s = score(setup, log.events, Z + 2 * 60 * MIN + 2 * MIN);
		expect(row(s, 'Ana').outcome.status).toBe('running');
		expect(row(s, 'Ana').outcome.limitAt).toBe(Z + 2 * 60 * MIN + 5 * MIN);
	});

	it('ES-PAUSE: group categories never stop the clock', () => {
		const setup = competition('es-adult-group', ['Grupo'], 4);
		const log = tablet();
		log.start(T0, ['grupo'], PREVIEW);
		log.pause('grupo', Z + 10 * MIN, Z + 13 * MIN);
		log.finish('grupo', Z + 60 * MIN);
		const o = row(score(setup, log.events, Z + 70 * MIN), 'Grupo').outcome;
		expect(setup.ruleset.pause).toBeNull();
		expect(o.finalTimeMs).toBe(60 * MIN);
		expect(o.pauses.used).toBe(0);
	});

	it('ES-PAUSE: kids pairs may pause (preset default for the ambiguous "individual categories")', () => {
		const setup = competition('es-kids-pairs-5-7', ['Pareja'], 2);
		expect(setup.ruleset.pause?.appliesTo).toContain('pair');
		const log = tablet();
		log.start(T0, ['pareja'], PREVIEW);
		log.pause('pareja', Z + 10 * MIN, Z + 12 * MIN);
		log.finish('pareja', Z + 30 * MIN);
		expect(row(score(setup, log.events, Z + 40 * MIN), 'Pareja').outcome.finalTimeMs).toBe(28 * MIN);
	});

	it('ES-ASSIST: assistance time is added as a penalty while the clock keeps running', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.assist('ana', Z + 10 * MIN, Z + 12 * MIN + 30 * SEC);
		const during = row(score(setup, log.events, Z + 11 * MIN), 'Ana').outcome;
		expect(during.status).toBe('running');
		expect(during.clockMs).toBe(11 * MIN);
		expect(during.assistance.active).toBe(true);
		log.finish('ana', Z + 50 * MIN);
		const o = row(score(setup, log.events, Z + 60 * MIN), 'Ana').outcome;
		expect(o.elapsedMs).toBe(50 * MIN);
		expect(o.penalties.assistanceMs).toBe(2 * MIN + 30 * SEC);
		expect(o.finalTimeMs).toBe(52 * MIN + 30 * SEC);
	});

	it('ES-ASSIST: at most 3 assistances; a fourth is refused', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.assist('ana', Z + 5 * MIN, Z + 6 * MIN);
		log.assist('ana', Z + 15 * MIN, Z + 16 * MIN);
		log.assist('ana', Z + 25 * MIN, Z + 26 * MIN);
		log.assist('ana', Z + 35 * MIN, Z + 36 * MIN);
		log.finish('ana', Z + 50 * MIN);
		const o = row(score(setup, log.events, Z + 60 * MIN), 'Ana').outcome;
		expect(o.assistance.used).toBe(3);
		expect(o.penalties.assistanceMs).toBe(3 * MIN);
		expect(o.notes.join(' ')).toMatch(/assistance refused/);
	});

	it('ES-ASSIST: 10 minutes in total at most: the count stops at the cap', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.assist('ana', Z + 5 * MIN, Z + 12 * MIN); // 7:00
		log.assist('ana', Z + 20 * MIN, Z + 26 * MIN); // 6:00 → only 3:00 counts
		log.finish('ana', Z + 50 * MIN);
		const o = row(score(setup, log.events, Z + 60 * MIN), 'Ana').outcome;
		expect(o.penalties.assistanceMs).toBe(10 * MIN);
		expect(o.finalTimeMs).toBe(60 * MIN);
	});

	it('ES-UNFINISHED: the limit plus 10 s per piece not joined in groups of 10 or more', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.tally('ana', Z + 121 * MIN, [150, 30, 9, 5]); // 180 counted, 20 loose
		const o = row(score(setup, log.events, Z + 125 * MIN), 'Ana').outcome;
		expect(o.status).toBe('unfinished');
		expect(o.countedPieces).toBe(180);
		expect(o.loosePieces).toBe(20);
		expect(o.penalties.loosePiecesMs).toBe(200 * SEC);
		expect(o.finalTimeMs).toBe(2 * 60 * MIN + 200 * SEC);
	});

	it('ES-UNFINISHED: unfinished entries rank by their recorded time, behind every finisher by default', () => {
		const names = ['Finisher', 'Few loose', 'Many loose'];
		const { setup, log } = adultHeat(names);
		log.assist('finisher', Z + 10 * MIN, Z + 20 * MIN); // +10:00
		log.finish('finisher', Z + 119 * MIN); // 1:59:00 + 10:00 = 2:09:00
		log.tally('few loose', Z + 121 * MIN, [195]); // 2:00:00 + 50 s
		log.tally('many loose', Z + 121 * MIN, [100]); // 2:00:00 + 1000 s
		const s = score(setup, log.events, Z + 125 * MIN);
		expect(places(s)).toEqual([
			['Finisher', 1],
			['Few loose', 2],
			['Many loose', 3]
		]);
		// With finishersFirst off, the recorded time alone ranks.
		const mixed = deriveRuleset(presetById(ADULT)!, 'es-adult-mixed', 'Mixed', {
			unfinished: { policy: 'limit-plus-loose-penalty', minGroupSize: 10, penaltyMsPerLoosePiece: 10_000, finishersFirst: false }
		});
		if (!mixed.ok) throw new Error('invalid');
		const s2 = score({ ...setup, ruleset: mixed.value }, log.events, Z + 125 * MIN);
		expect(places(s2)).toEqual([
			['Few loose', 1],
			['Finisher', 2],
			['Many loose', 3]
		]);
	});

	it('ES-DQ: a disqualified entry is ranked after everyone, without a place', () => {
		const { setup, log } = adultHeat(['Ana', 'Bea', 'Carmen']);
		log.finish('ana', Z + 40 * MIN);
		log.disqualify('bea', Z + 20 * MIN, 'bent a piece');
		log.tally('carmen', Z + 121 * MIN, [10]);
		const s = score(setup, log.events, Z + 125 * MIN);
		expect(places(s)).toEqual([
			['Ana', 1],
			['Carmen', 2],
			['Bea', null]
		]);
		expect(row(s, 'Bea').outcome.status).toBe('disqualified');
		expect(row(s, 'Bea').reason).toBe('disqualified: bent a piece');
	});

	it('ES-DQ: a disqualified seat\'s clock stops at the disqualification (30:00 stays 30:00 an hour and more later)', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.disqualify('ana', Z + 30 * MIN, 'bent a piece');
		for (const later of [30 * MIN, 60 * MIN + 30 * SEC, 120 * MIN]) expect(row(score(setup, log.events, Z + later), 'Ana').outcome.clockMs).toBe(30 * MIN);
		// Before the disqualification the clock ran as for everyone.
		expect(row(score(setup, log.events, Z + 10 * MIN), 'Ana').outcome.clockMs).toBe(10 * MIN);
	});

	it('ES-DQ: a piece missing from the box disqualifies too under the preset, even confirmed by the organizer', () => {
		const { setup, log } = adultHeat(['Ana']);
		expect(setup.ruleset.missingFromBox).toBe('penalty');
		const h = log.hand('ana', Z + 40 * MIN);
		const check = log.record('check.confirmed', Z + 40 * MIN + 1000, 'ana', { ref: h.id, missingPieces: 1, missingFromBox: 1 });
		log.record('box-fault.decided', Z + 45 * MIN, 'ana', { ref: check.id, confirmed: true });
		const r = row(score(setup, log.events, Z + 60 * MIN), 'Ana');
		expect(r.outcome).toMatchObject({ status: 'disqualified', missingFromBox: 1, boxFaultPending: 0 });
		expect(r.place).toBeNull();
	});

	it('ES-DQ: a piece missing at the check is a lost piece and disqualifies', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.finish('ana', Z + 40 * MIN, 1);
		const r = row(score(setup, log.events, Z + 60 * MIN), 'Ana');
		expect(r.outcome.status).toBe('disqualified');
		expect(r.place).toBeNull();
	});

	it('ES-INCIDENT: incident notes are kept; a manual time adjustment is audited and applied', () => {
		const { setup, log } = adultHeat(['Ana']);
		log.record('incident.noted', Z + 15 * MIN, 'ana', { note: 'lights went out for a minute' });
		log.record('time.adjusted', Z + 16 * MIN, 'ana', { deltaMs: -60 * SEC, reason: 'lights out 1 min' });
		log.finish('ana', Z + 40 * MIN);
		const o = row(score(setup, log.events, Z + 60 * MIN), 'Ana').outcome;
		expect(o.incidents).toEqual(['lights went out for a minute']);
		expect(o.penalties.adjustmentMs).toBe(-60 * SEC);
		expect(o.finalTimeMs).toBe(39 * MIN);
		expect(o.notes.join(' ')).toMatch(/lights out 1 min/);
	});

	it('ES-LIMIT: 1 h for the kids categories, 2 h for adult individual and groups', () => {
		const pairs = competition('es-kids-pairs-9-10', ['Pareja'], 2);
		const log = tablet();
		log.start(T0, ['pareja'], PREVIEW);
		const o = row(score(pairs, log.events, Z + 61 * MIN), 'Pareja').outcome;
		expect(o.status).toBe('unfinished');
		expect(o.clockMs).toBe(60 * MIN);
		const adult = adultHeat(['Ana']);
		expect(row(score(adult.setup, adult.log.events, Z + 61 * MIN), 'Ana').outcome.status).toBe('running');
	});
});
