import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { twoQuickSetups } from '$lib/files/two-quick-setups.testkit';
import { mergeProblems, type MergeWorld } from './merge-problems';
import { CompetitionMergeSchema } from './schema';

function world(): { t: ReturnType<typeof twoQuickSetups>; w: MergeWorld } {
	const t = twoQuickSetups();
	return { t, w: { competitions: t.setup.competitions, heats: t.setup.heats, entries: t.setup.entries, merges: [] } };
}
const kinds = (p: { kind: string }[]) => p.map((x) => x.kind);

describe('mergeProblems', () => {
	it('a complete, valid merge has none; the schema reads it both ways', () => {
		const { t, w } = world();
		expect(mergeProblems(t.merge, w, { complete: true })).toEqual([]);
		expect(CompetitionMergeSchema.parse(JSON.parse(JSON.stringify(t.merge)))).toEqual(t.merge);
		expect(CompetitionMergeSchema.safeParse({ ...t.merge, reason: '   ' }).success).toBe(false);
		expect(CompetitionMergeSchema.safeParse({ ...t.merge, entries: [{ from: 'x' }] }).success).toBe(false);
	});

	it('refuses a merge into itself, of unknown competitions, across events or rulesets', () => {
		const { t, w } = world();
		expect(kinds(mergeProblems({ ...t.merge, foldedCompetitionId: t.a.competitionId }, w, { complete: false }))).toEqual(['same-competition']);
		expect(kinds(mergeProblems({ ...t.merge, keptCompetitionId: 'nope' }, w, { complete: false }))).toEqual(['unknown-competition']);
		const other = { ...w, competitions: w.competitions.map((c) => (c.id === t.b.competitionId ? { ...c, eventId: 'elsewhere' } : c)) };
		expect(kinds(mergeProblems(t.merge, other, { complete: false }))).toEqual(['other-event']);
		const es = presetById('es-adult-individual')!;
		const ruleset = { ...w, competitions: w.competitions.map((c) => (c.id === t.b.competitionId ? { ...c, ruleset: { id: es.id, version: es.version } } : c)) };
		expect(mergeProblems(t.merge, ruleset, { complete: false })).toEqual([
			expect.objectContaining({ kind: 'other-ruleset', message: expect.stringContaining('only competitions of the same ruleset merge') })
		]);
	});

	it('no chains: a folded competition is not folded again nor kept, a kept one not folded', () => {
		const { t, w } = world();
		const done = [{ id: 'm0', keptCompetitionId: 'q-zzzz', foldedCompetitionId: t.b.competitionId }];
		expect(kinds(mergeProblems(t.merge, { ...w, merges: done }, { complete: false }))).toEqual(['chain']);
		const intoB = [{ id: 'm0', keptCompetitionId: t.b.competitionId, foldedCompetitionId: 'q-zzzz' }];
		expect(mergeProblems(t.merge, { ...w, merges: intoB }, { complete: false })[0]!.message).toMatch(/cannot be merged into a third/);
		const aFolded = [{ id: 'm0', keptCompetitionId: 'q-zzzz', foldedCompetitionId: t.a.competitionId }];
		expect(mergeProblems(t.merge, { ...w, merges: aFolded }, { complete: false })[0]!.message).toMatch(/merge into that one instead/);
		// The merge itself (same ID) is not its own chain; a kept competition may take in more.
		expect(mergeProblems(t.merge, { ...w, merges: [t.merge, { id: 'm9', keptCompetitionId: t.a.competitionId, foldedCompetitionId: 'q-cccc' }] }, { complete: true })).toEqual([]);
	});

	it('checks every link: known heats and entries, each once, a kept entry received once and in the heat its heat goes to', () => {
		const { t, w } = world();
		const e = (n: number) => t.seat(t.b, n);
		const a = (n: number) => t.seat(t.a, n);
		const problems = mergeProblems(
			{
				...t.merge,
				heats: [
					{ from: 'h-x', to: 'h-y' },
					{ from: t.b.heatId, to: t.a.heatId }
				],
				entries: [
					{ from: e(1), to: a(1) },
					{ from: e(1), to: null },
					{ from: e(2), to: a(1) },
					{ from: 'nobody', to: 'ghost' }
				]
			},
			w,
			{ complete: true }
		);
		expect(problems.map((p) => [p.kind, p.path.join('.')])).toEqual([
			['unknown-heat', 'heats.0.from'],
			['unknown-heat', 'heats.0.to'],
			['entry-twice', 'entries.1.from'],
			['target-taken', 'entries.2.to'],
			['unknown-entry', 'entries.3.from'],
			['unknown-entry', 'entries.3.to'],
			['entry-missing', 'entries']
		]);
		// An entry of a heat linked as new cannot land on a kept entry (that one is in another heat).
		const newHeat = { ...t.merge, heats: [{ from: t.b.heatId, to: null }] };
		expect(kinds(mergeProblems(newHeat, w, { complete: true }))).toEqual(['target-heat', 'target-heat']);
		expect(kinds(mergeProblems({ ...t.merge, heats: [] }, w, { complete: true }))).toEqual(['heat-missing', 'target-heat', 'target-heat']);
		// Not complete: what is not linked is new.
		expect(mergeProblems({ ...t.merge, heats: [], entries: [] }, w, { complete: false })).toEqual([]);
	});
});
