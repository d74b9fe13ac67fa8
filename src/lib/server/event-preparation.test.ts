import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById, PRESETS } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Device } from '$lib/contract';
import { addCompetition, addHeat, preparation, removeHeat, renameHeat, reviseCompetitionRuleset, saveEventDetails } from './event-preparation';
import { startHeat } from './heat-starts';
import { answerOf } from './http-error.testkit';
import { saveOrganizerSetup } from './organizer-setup';
import { Store } from './store';
import { storePerTest } from './store-per-test.testkit';
import { issueToken } from './tokens';

let store: Store;
let organizer: Device;
storePerTest(Store.open, (s) => (store = s));
beforeEach(() => {
	store.insertSetup({ events: [{ id: 'ev', name: 'Spring cup', date: '2026-05-01' }, { id: 'other', name: 'Other', date: '2026-05-02' }] });
	organizer = issueToken(store, { eventId: 'ev', role: 'organizer', label: 'Desk laptop', now: 0 });
});

const individual = () => addCompetition(store, 'ev', { presetId: 'czjpa-individual', name: 'CZJPA individual' }).competition;
const changed = (r: Ruleset, minutes: number): Ruleset => ({ ...r, timeLimitMs: minutes * 60_000 });

describe('the event and its competitions', () => {
	it("keeps the event's name, date, venue, language and currency, and refuses a bad one with the field", () => {
		expect(saveEventDetails(store, 'ev', { name: 'Copa', date: '2026-06-01', venue: 'Sala', language: 'es', currency: 'EUR' })).toEqual({
			id: 'ev', name: 'Copa', date: '2026-06-01', venue: 'Sala', language: 'es', currency: 'EUR'
		});
		expect(answerOf(() => saveEventDetails(store, 'ev', { name: 'Copa', date: '2026-06-01', currency: 'euro' }))).toMatchObject({ status: 400, message: /^currency:/ });
		expect(store.getEvent('ev')?.currency).toBe('EUR');
	});

	it('adds a competition from each of the presets, as the preset is', () => {
		for (const p of PRESETS) {
			const { competition, ruleset } = addCompetition(store, 'ev', { presetId: p.id });
			expect(ruleset).toEqual(p);
			expect(competition).toMatchObject({ eventId: 'ev', name: p.name, ruleset: { id: p.id, version: p.version } });
		}
		expect(preparation(store, 'ev').competitions.map((c) => c.ruleset.id)).toEqual(PRESETS.map((p) => p.id));
		expect(answerOf(() => addCompetition(store, 'ev', { presetId: 'no-such' }))).toMatchObject({ status: 400, message: /no rule preset/ });
	});
});

describe('a ruleset change is a new version with a reason (CZ-GEN-CHANGES)', () => {
	it('CZ-GEN-CHANGES: a change before the start makes the next version, moves the competition to it, and records why, who and when', () => {
		const c = individual();
		const v1 = presetById('czjpa-individual')!;
		const r = reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: 'Bigger hall, more time' }, 1234);
		expect(r.ruleset).toEqual({ ...v1, timeLimitMs: 100 * 60_000, version: 2 });
		expect(r.change).toEqual({ competitionId: c.id, rulesetId: v1.id, fromVersion: 1, toVersion: 2, reason: 'Bigger hall, more time', by: { tokenId: organizer.id, label: 'Desk laptop' }, at: 1234 });
		const prepared = preparation(store, 'ev').competitions[0]!;
		expect(prepared.competition.ruleset).toEqual({ id: v1.id, version: 2 });
		expect(prepared.changes).toEqual([r.change]);
		// The version it left is kept as it was.
		expect(store.getRuleset(v1.id, 1)).toEqual(v1);
	});

	it("CZ-GEN-CHANGES: versions of a preset's ruleset never collide across competitions: each change takes the next unused number", () => {
		const a = individual();
		const b = individual();
		const v1 = presetById('czjpa-individual')!;
		expect(reviseCompetitionRuleset(store, organizer, 'ev', a.id, { baseVersion: 1, ruleset: changed(v1, 95), reason: 'a' }, 1).ruleset.version).toBe(2);
		expect(reviseCompetitionRuleset(store, organizer, 'ev', b.id, { baseVersion: 1, ruleset: changed(v1, 80), reason: 'b' }, 2).ruleset.version).toBe(3);
		expect(store.getRuleset(v1.id, 2)?.timeLimitMs).toBe(95 * 60_000);
		expect(store.getRuleset(v1.id, 3)?.timeLimitMs).toBe(80 * 60_000);
	});

	it('CZ-GEN-CHANGES: refuses a change without a reason, an invalid ruleset (with the field), no change at all, and one made from an older version', () => {
		const c = individual();
		const v1 = presetById('czjpa-individual')!;
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: '  ' }, 1))).toMatchObject({ status: 400, message: /reason/ });
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: { ...v1, timeLimitMs: -5 }, reason: 'x' }, 1))).toMatchObject({ status: 400, message: /ruleset\.timeLimitMs/ });
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: v1, reason: 'x' }, 1))).toMatchObject({ status: 400, message: /nothing changed/ });
		reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: 'first' }, 1);
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 70), reason: 'second, stale' }, 2))).toMatchObject({ status: 409, message: /changed since the form was opened.*version 2 now/ });
		expect(store.getCompetition('ev', c.id)?.ruleset.version).toBe(2);
	});

	it('CZ-GEN-CHANGES: once a heat was started by the organizer, the version is frozen and a change is refused saying why', () => {
		const c = individual();
		const h = addHeat(store, 'ev', c.id, { name: 'Heat 1' });
		startHeat(store, organizer, { id: 's1', competitionId: c.id, heatId: h.id, organizerAt: 5000, offsetMs: 0 }, 5000);
		const v1 = presetById('czjpa-individual')!;
		const refused = answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: 'too late' }, 6000));
		expect(refused).toMatchObject({ status: 409, message: /has started.*version 1 is frozen.*CZ-GEN-CHANGES/ });
		expect(store.getCompetition('ev', c.id)?.ruleset.version).toBe(1);
		expect(store.getRuleset(v1.id, 2)).toBeUndefined();
		expect(preparation(store, 'ev').competitions[0]!.startedAt).toBe(5000);
	});

	it("CZ-GEN-CHANGES: a tablet's heat.start that reached the server freezes it too, also through the set-up write", () => {
		const c = individual();
		const h = addHeat(store, 'ev', c.id, { name: 'Heat 1' });
		const log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: c.id, heatId: h.id });
		log.start(7000, ['e1']);
		store.appendJudgeEvents(log.events, { eventId: 'ev', receivedAt: 7100 });
		const v1 = presetById('czjpa-individual')!;
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', c.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: 'x' }, 8000)).status).toBe(409);
		// The set-up write cannot move a started competition to another version either.
		const v9 = { ...changed(v1, 100), version: 9 };
		expect(answerOf(() => saveOrganizerSetup(store, 'ev', { rulesets: [v9], competitions: [{ ...c, ruleset: { id: v1.id, version: 9 } }] }))).toMatchObject({ status: 409, message: /CZ-GEN-CHANGES/ });
		expect(store.getCompetition('ev', c.id)?.ruleset.version).toBe(1);
		// A heat.start in another event under the same competition ID freezes nothing here.
		const other = individual();
		const elsewhere = new DeviceLog({ deviceId: 'tab-2', judge: 'Ana', competitionId: other.id, heatId: 'x' });
		elsewhere.start(7000, ['e1']);
		store.appendJudgeEvents(elsewhere.events, { eventId: 'other', receivedAt: 7100 });
		expect(reviseCompetitionRuleset(store, organizer, 'ev', other.id, { baseVersion: 1, ruleset: changed(v1, 100), reason: 'fine' }, 9000).ruleset.version).toBe(2);
	});

	it("refuses a competition of another event (404)", () => {
		store.insertSetup({ competitions: [{ id: 'theirs', eventId: 'other', name: 'T', ruleset: { id: 'czjpa-individual', version: 1 } }], rulesets: [presetById('czjpa-individual')!] });
		const v1 = presetById('czjpa-individual')!;
		expect(answerOf(() => reviseCompetitionRuleset(store, organizer, 'ev', 'theirs', { baseVersion: 1, ruleset: changed(v1, 100), reason: 'x' }, 1)).status).toBe(404);
	});
});

describe('heats', () => {
	it('are added, renamed, and removed while empty', () => {
		const c = individual();
		const h1 = addHeat(store, 'ev', c.id, { name: 'Morning' });
		const h2 = addHeat(store, 'ev', c.id, { name: 'Afternoon' });
		expect(renameHeat(store, 'ev', h1.id, { name: 'Turn 1' })).toEqual({ ...h1, name: 'Turn 1' });
		expect(removeHeat(store, 'ev', h2.id)).toEqual(h2);
		expect(preparation(store, 'ev').competitions[0]!.heats).toEqual([{ heat: { ...h1, name: 'Turn 1' }, entries: 0, events: 0, started: false }]);
		expect(answerOf(() => addHeat(store, 'ev', c.id, { name: '' })).status).toBe(400);
		expect(answerOf(() => renameHeat(store, 'ev', 'nope', { name: 'x' })).status).toBe(404);
	});

	it('a heat with entries, judge events or a start is not removed, and the refusal says what it holds', () => {
		const c = individual();
		const withEntry = addHeat(store, 'ev', c.id, { name: 'A' });
		store.insertSetup({ eventId: 'ev', entries: [{ id: 'e1', competitionId: c.id, heatId: withEntry.id, name: 'Eva' }] });
		expect(answerOf(() => removeHeat(store, 'ev', withEntry.id))).toMatchObject({ status: 409, message: 'heat "A" is not empty (1 entry): only an empty heat can be removed' });
		const withEvents = addHeat(store, 'ev', c.id, { name: 'B' });
		const log = new DeviceLog({ deviceId: 'tab-1', judge: 'Eva', competitionId: c.id, heatId: withEvents.id });
		log.hand('e1', 1);
		store.appendJudgeEvents(log.events, { eventId: 'ev' });
		expect(answerOf(() => removeHeat(store, 'ev', withEvents.id))).toMatchObject({ status: 409, message: /1 judge event\)/ });
		const started = addHeat(store, 'ev', c.id, { name: 'C' });
		startHeat(store, organizer, { id: 's1', competitionId: c.id, heatId: started.id, organizerAt: 1, offsetMs: 0 }, 1);
		expect(answerOf(() => removeHeat(store, 'ev', started.id))).toMatchObject({ status: 409, message: /a start\)/ });
		expect(store.listHeats('ev', c.id).map((h) => h.name)).toEqual(['A', 'B', 'C']);
	});
});
