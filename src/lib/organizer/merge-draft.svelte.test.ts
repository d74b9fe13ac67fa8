import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import { MergeDraft } from './merge-draft.svelte';
import { defaultEntryLinks, defaultHeatLinks, foldOptions, keepOptions, nameKey, type MergeSetup } from './merge-plan';

function setup(extra: Partial<MergeSetup> = {}) {
	const t = twoQuickSetups();
	const s: MergeSetup = { competitions: t.setup.competitions, heats: t.setup.heats, entries: t.setup.entries, merges: [], deviceCompetitionIds: [t.a.competitionId, t.b.competitionId], ...extra };
	return { t, s };
}

describe('merge-plan: what may be merged and the default pairing', () => {
	it('pairs names trimmed and case-insensitive, each kept entry once, within the heat the heat goes to', () => {
		expect(nameKey('  ANA ')).toBe(nameKey('ana'));
		const { t } = setup();
		const heats = defaultHeatLinks(t.a.heats, t.b.heats);
		expect(heats).toEqual([{ from: t.b.heatId, to: t.a.heatId }]);
		expect(defaultEntryLinks(t.a.entries, t.b.entries, heats)).toEqual(t.merge.entries);
		// Two folded "Bob"s: the second finds none left.
		const twice = [...t.b.entries, { ...t.b.entries[1]!, id: 'q-bbbb-s9' }];
		expect(defaultEntryLinks(t.a.entries, twice, heats).map((l) => l.to)).toEqual([t.seat(t.a, 1), t.seat(t.a, 2), null, null]);
		// A heat that goes nowhere: every entry new. Heats of other names with several on a side: new.
		expect(defaultEntryLinks(t.a.entries, t.b.entries, [{ from: t.b.heatId, to: null }]).map((l) => l.to)).toEqual([null, null, null]);
		const two = [t.a.heats[0]!, { ...t.a.heats[0]!, id: 'q-aaaa-h2', name: 'Heat 2' }];
		expect(defaultHeatLinks(two, [{ ...t.b.heats[0]!, name: ' heat 2 ' }])).toEqual([{ from: t.b.heatId, to: 'q-aaaa-h2' }]);
		expect(defaultHeatLinks(two, [{ ...t.b.heats[0]!, name: 'Final' }])).toEqual([{ from: t.b.heatId, to: null }]);
	});

	it('folds only tablets’ competitions of the same ruleset, never one merged or with merges into it', () => {
		const { t, s } = setup();
		const a = s.competitions[0]!;
		expect(foldOptions(s, a).map((c) => c.id)).toEqual([t.b.competitionId]);
		expect(keepOptions(s).map((c) => c.id)).toEqual([t.a.competitionId, t.b.competitionId]);
		expect(foldOptions({ ...s, deviceCompetitionIds: [t.a.competitionId] }, a)).toEqual([]);
		const es = presetById('es-adult-individual')!;
		const other = { ...s, competitions: [a, { ...s.competitions[1]!, ruleset: { id: es.id, version: es.version } }] };
		expect(keepOptions(other)).toEqual([]);
		const merged = { ...s, merges: [t.merge] };
		expect(keepOptions(merged)).toEqual([]);
	});
});

describe('MergeDraft: the organizer’s merge in the making', () => {
	it('defaults to the name pairing, lets the organizer change it, flags a kept entry chosen twice, and makes the request', () => {
		const { t, s } = setup();
		let n = 0;
		const d = new MergeDraft(() => `merge-${++n}`);
		d.setup = s;
		expect(d.keepable.map((c) => c.id)).toEqual([t.a.competitionId, t.b.competitionId]);
		d.chooseKept(t.a.competitionId);
		// The only competition to fold is chosen with the default pairing.
		expect(d.foldedId).toBe(t.b.competitionId);
		expect(d.entryLinks).toEqual(t.merge.entries);
		expect(d.outcome).toEqual({ paired: 2, added: 1, total: 4 });
		expect(d.ready).toBe(false); // no reason yet
		d.reason = '  Both tablets judged heat 1 ';
		expect(d.ready).toBe(true);
		expect(d.request()).toEqual({ id: 'merge-1', keptCompetitionId: t.a.competitionId, foldedCompetitionId: t.b.competitionId, heats: t.merge.heats, entries: t.merge.entries, reason: 'Both tablets judged heat 1' });

		// Dora onto Cyril, then Bob onto Cyril too: a kept entry for two.
		d.linkEntry(t.seat(t.b, 3), t.seat(t.a, 3));
		expect(d.outcome).toEqual({ paired: 3, added: 0, total: 3 });
		d.linkEntry(t.seat(t.b, 2), t.seat(t.a, 3));
		expect(d.problems.map((p) => p.kind)).toEqual(['target-taken']);
		expect(d.ready).toBe(false);
		d.linkEntry(t.seat(t.b, 2), null);
		expect(d.ready).toBe(true);

		// The heat as a new heat: its entries can only be new.
		d.linkHeat(t.b.heatId, null);
		expect(d.entryLinks.map((l) => l.to)).toEqual([null, null, null]);
		expect(d.entryTargets(t.b.entries[0]!)).toEqual([]);
		d.linkHeat(t.b.heatId, t.a.heatId);
		expect(d.entryLinks).toEqual(t.merge.entries);
		expect(d.entryTargets(t.b.entries[0]!).map((e) => e.id)).toEqual([1, 2, 3].map((i) => t.seat(t.a, i)));

		// A newer set-up where B is merged already: the choice is dropped. After a merge, a new ID.
		d.setup = { ...s, merges: [t.merge] };
		expect([d.keptId, d.foldedId]).toEqual(['', '']);
		d.reset();
		expect(d.request().id).toBe('merge-2');
	});
});
