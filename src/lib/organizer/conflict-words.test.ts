import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import type { Locale } from '$lib/i18n';
import type { Conflict, ConflictKind } from '$lib/scoring';
import { competition, MIN, SEC, score, T0, tablet } from '$lib/scoring/testkit';
import { conflictWords, eventScopes, type ConflictWords } from './conflict-words';
import { resolutionOptions } from './resolution';

const NAMES = new Map([
	['tab-572d054c', 'Table A'],
	['tab-9f00e1', 'Table B'],
	['org-desk', 'Desk']
]);

function wordsOf(setup: ReturnType<typeof competition>, log: JudgeEvent[], locale: Locale = 'en') {
	const events = new Map(log.map((e) => [e.id, e]));
	const s = score(setup, log, T0 + 95 * MIN);
	const ctx = { setup, events, scopeOf: eventScopes(log), tabletName: (d: string) => NAMES.get(d)!, locale, timeZone: 'UTC' };
	return s.conflicts.map((c) => ({ conflict: c, words: conflictWords(c, resolutionOptions(c, events, new Set(setup.entries.map((e) => e.id))), ctx) }));
}

/** No event or device ID anywhere in the words. */
function expectNoIds(words: ConflictWords, log: JudgeEvent[]) {
	const text = JSON.stringify({ ...words, sides: words.sides.map(({ eventId: _id, ...side }) => side) });
	for (const e of log) {
		expect(text).not.toContain(e.id);
		expect(text).not.toContain(e.deviceId);
	}
	expect(text).not.toMatch(/hand\.raised|record\.acknowledged|heat\.start|check\.confirmed/);
}

/** Tablet A locked Ana at 8:31.103; tablet B, offline, started her again and recorded 8:44.966 (issue 11, point 4). */
function secondTabletOnOneSeat() {
	const setup = competition('czjpa-individual', ['Ana', 'Bob']);
	const a = new DeviceLog({ deviceId: 'tab-572d054c', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
	const b = new DeviceLog({ deviceId: 'tab-9f00e1', judge: 'Pablo', competitionId: 'comp', heatId: 'heat-1' });
	a.start(T0, ['ana', 'bob']);
	a.finish('ana', T0 + 8 * MIN + 31_103);
	b.start(T0 + 5 * SEC, ['ana']);
	b.finish('ana', T0 + 5 * SEC + 8 * MIN + 44_966, 2);
	a.hand('bob', T0 + 20 * MIN);
	b.hand('bob', T0 + 21 * MIN + 250);
	return { setup, log: [...a.events, ...b.events] };
}

describe('conflictWords', () => {
	it('says each side as its tablet recorded it, with the time as the ruleset records it and what followed', () => {
		const { setup, log } = secondTabletOnOneSeat();
		const all = wordsOf(setup, log);
		expect(all.map((x) => x.conflict.kind)).toEqual(['after-lock', 'after-lock', 'double-finish', 'double-start']);
		const [lateFinish, lateCheck, finishes, starts] = all.map((x) => x.words);
		expect(lateFinish!.sides.map((s) => `${s.tablet}: ${s.says}`)).toEqual([
			'Table A: finished 8:31.103, check confirmed, agreed by the competitor',
			'Table B: finished 8:44.966, check confirmed, 2 pieces missing, agreed by the competitor — recorded after the record was agreed and locked'
		]);
		expect(lateFinish!.sides.map((s) => [s.judge, s.clock])).toEqual([
			['Eva', '09:08:33.103'],
			['Pablo', '09:08:49.966']
		]);
		expect(lateFinish!.options).toEqual([
			'Leave Table B’s finish (8:44.966) out: the agreed record stands',
			'Apply Table B’s finish (8:44.966) after all, although the record was agreed and locked'
		]);
		expect(lateCheck!.sides[1]!.says).toBe('check confirmed, 2 pieces missing (finish 8:44.966) — recorded after the record was agreed and locked');
		expect(lateCheck!.options[0]).toBe('Leave Table B’s check (confirmed, 2 pieces missing) out: the agreed record stands');
		expect(finishes!.headline).toBe('2 finishes of Bob from different devices; the earliest counts');
		expect(finishes!.sides.map((s) => `${s.tablet}: ${s.says}`)).toEqual(['Table A: finished 20:00.000, not checked', 'Table B: finished 21:00.250, not checked']);
		expect(finishes!.options).toEqual([
			'Keep Table A’s finish (20:00.000), void Table B’s finish (21:00.250)',
			'Keep Table B’s finish (21:00.250), void Table A’s finish (20:00.000)'
		]);
		expect(starts!.sides.map((s) => s.says)).toEqual(['started the clock of 2 seats at 09:00:00.000', 'started the clock of 1 seat at 09:00:05.000']);
		expect(starts!.options[1]).toBe('Keep Table B’s start (09:00:05.000), void Table A’s start (09:00:00.000)');
		for (const locale of ['en', 'cs', 'es'] as const) for (const { words } of wordsOf(setup, log, locale)) expectNoIds(words, log);
	});

	it('in Czech and Spanish', () => {
		const { setup, log } = secondTabletOnOneSeat();
		const [cs] = wordsOf(setup, log, 'cs').map((x) => x.words);
		expect(cs!.sides.map((s) => `${s.tablet}: ${s.says}`)).toEqual([
			'Table A: dokončeno v čase 8:31,103, kontrola potvrzena, soutěžící souhlasil se záznamem',
			'Table B: dokončeno v čase 8:44,966, kontrola potvrzena, chybí 2 dílky, soutěžící souhlasil se záznamem — zaznamenáno až po potvrzení a uzamčení záznamu'
		]);
		expect(cs!.options[0]).toBe('Nepoužít dokončení z tabletu Table B (8:44,966): platí potvrzený záznam');
		const es = wordsOf(setup, log, 'es').map((x) => x.words);
		expect(es[2]!.options[0]).toBe('Mantener el final de Table A (20:00,000), anular el final de Table B (21:00,250)');
		expect(es[3]!.sides[1]!.says).toBe('inició el reloj de 1 puesto a las 9:00:05,000');
	});

	it('ES-WIN, ES-PREVIEW: whole seconds after the preview; tallies in counted pieces', () => {
		const setup = competition('es-adult-individual', ['Lucía']);
		const a = new DeviceLog({ deviceId: 'tab-572d054c', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		a.start(T0, ['lucía'], 2 * MIN);
		a.tally('lucía', T0 + 123 * MIN, [150, 5]);
		a.tally('lucía', T0 + 124 * MIN, [150, 20]);
		const b = new DeviceLog({ deviceId: 'tab-9f00e1', judge: 'Pablo', competitionId: 'comp', heatId: 'heat-1' });
		const h1 = b.hand('lucía', T0 + 2 * MIN + 45 * MIN + 900);
		b.confirm(h1, T0 + 48 * MIN, 0);
		b.reject(h1, T0 + 49 * MIN, 'two pieces off');
		const log = [...a.events, ...b.events];
		const all = wordsOf(setup, log);
		const kinds = all.map((x) => x.conflict.kind);
		const tally = all[kinds.indexOf('double-tally')]!.words;
		expect(tally.sides.map((s) => s.says)).toEqual(['pieces counted: 150 (groups 150, 5)', 'pieces counted: 170 (groups 150, 20)']);
		expect(tally.options[0]).toBe('Keep Table A’s tally (pieces counted: 150), void Table A’s tally (pieces counted: 170)');
		const checks = all[kinds.indexOf('double-check')]!.words;
		expect(checks.sides.map((s) => s.says)).toEqual(['check confirmed (finish 45:00)', 'check rejected (finish 45:00): “two pieces off”']);
		expect(checks.options[1]).toBe('Keep Table B’s check (rejected), void Table B’s check (confirmed)');
	});

	it('every kind of conflict gets words without an ID: corrections, collisions, invalid events', () => {
		const setup = competition('czjpa-individual', ['Ana', 'Bob']);
		const a = new DeviceLog({ deviceId: 'tab-572d054c', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		const org = new DeviceLog({ deviceId: 'org-desk', judge: 'Org', competitionId: 'comp', heatId: 'heat-1' });
		a.start(T0, ['ana', 'bob']);
		const hand = a.hand('ana', T0 + 40 * MIN);
		org.correct(hand, T0 + 50 * MIN, 'video: 41:00', { type: 'hand.raised', at: T0 + 41 * MIN, payload: {} });
		org.correct(hand, T0 + 51 * MIN, 'wrong seat');
		a.tally('bob', T0 + 91 * MIN, [600]); // more than the puzzle's 500 pieces
		const bobs = a.hand('bob', T0 + 30 * MIN);
		const b = new DeviceLog({ deviceId: 'tab-9f00e1', judge: 'Pablo', competitionId: 'comp', heatId: 'heat-1', newId: () => bobs.id });
		b.hand('bob', T0 + 31 * MIN); // another event under the ID of A's finish of Bob
		const log = [...a.events, ...org.events, ...b.events];
		const all = wordsOf(setup, log);
		const byKind = new Map<ConflictKind, { conflict: Conflict; words: ConflictWords }>(all.map((x) => [x.conflict.kind, x]));
		expect([...byKind.keys()].sort()).toEqual(['double-correction', 'id-collision', 'invalid']);

		const corrections = byKind.get('double-correction')!.words;
		expect(corrections.headline).toBe('2 corrections in force for one event of Ana; the latest applies');
		expect(corrections.sides.map((s) => `${s.tablet}: ${s.says}`)).toEqual([
			'Table A: finished 40:00.000, not checked',
			'Desk: replaced Table A’s finish (40:00.000) by: finished 41:00.000 — “video: 41:00”',
			'Desk: voided Table A’s finish (40:00.000): “wrong seat”'
		]);
		expect(corrections.options).toEqual([
			'Keep Desk’s correction (“video: 41:00”), undo Desk’s correction (“wrong seat”)',
			'Keep Desk’s correction (“wrong seat”), undo Desk’s correction (“video: 41:00”)'
		]);
		const invalid = byKind.get('invalid')!.words;
		expect(invalid.sides[0]!.says).toBe('pieces counted: 600 (groups 600)');
		expect(invalid.options).toEqual(['Void Table A’s tally (pieces counted: 600)']);
		const collision = byKind.get('id-collision')!.words;
		expect(collision.headline).toBe('different events share one identifier; one is kept, the others are ignored');
		expect(collision.options).toEqual([]);
		for (const locale of ['en', 'cs', 'es'] as const) for (const { words } of wordsOf(setup, log, locale)) expectNoIds(words, log);
	});

	it('an event this device does not hold is said so, and offers no option', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = tablet('tab-572d054c');
		a.start(T0, ['ana']);
		const h = a.hand('ana', T0 + 40 * MIN);
		const conflict: Conflict = { kind: 'double-finish', competitionId: 'comp', heatId: 'heat-1', entryId: 'ana', eventIds: [h.id, 'gone-1'], deviceIds: ['tab-572d054c', 'gone'], message: '' };
		const events = new Map(a.events.map((e) => [e.id, e]));
		const words = conflictWords(conflict, resolutionOptions(conflict, events, new Set(['ana'])), {
			setup,
			events,
			scopeOf: eventScopes(a.events),
			tabletName: (d) => NAMES.get(d) ?? 'Tablet 1',
			locale: 'en'
		});
		expect(words.sides[1]).toMatchObject({ tablet: 'Unknown tablet', says: 'This event is not on this device.', known: false });
		expect(words.options).toEqual([]);
	});
});

describe('conflictWords in lists', () => {
	it('joins the voided sides in the locale’s words', () => {
		const setup = competition('czjpa-individual', ['Ana']);
		const a = new DeviceLog({ deviceId: 'tab-572d054c', judge: 'Eva', competitionId: 'comp', heatId: 'heat-1' });
		const b = new DeviceLog({ deviceId: 'tab-9f00e1', judge: 'Pablo', competitionId: 'comp', heatId: 'heat-1' });
		a.start(T0, ['ana']);
		a.hand('ana', T0 + 40 * MIN);
		b.hand('ana', T0 + 41 * MIN);
		b.hand('ana', T0 + 42 * MIN);
		const log = [...a.events, ...b.events];
		expect(wordsOf(setup, log, 'en')[0]!.words.options[0]).toBe('Keep Table A’s finish (40:00.000), void Table B’s finish (41:00.000) and Table B’s finish (42:00.000)');
		expect(wordsOf(setup, log, 'cs')[0]!.words.options[0]).toBe(
			'Ponechat dokončení z tabletu Table A (40:00,000), zrušit dokončení z tabletu Table B (41:00,000) a\u00a0dokončení z tabletu Table B (42:00,000)'
		);
		expect(wordsOf(setup, log, 'es')[0]!.words.options[0]).toBe('Mantener el final de Table A (40:00,000), anular el final de Table B (41:00,000) y el final de Table B (42:00,000)');
	});
});
