import { describe, expect, it } from 'vitest';
import { standingsOfMerged, type MergedEventFiles } from '$lib/files/merge';
import { competition, MIN, T0, tablet } from '$lib/scoring/testkit';
import { withOrganizerStarts } from './organizer-starts';

const setup = competition('es-adult-individual', ['Ana', 'Bea', 'Cris']);
const merged = (log: MergedEventFiles['log'] = []): MergedEventFiles => ({
	files: [],
	setup: { events: [], rulesets: [setup.ruleset], competitions: [setup.competition], heats: [{ id: 'heat-1', competitionId: 'comp', name: 'Turno 1' }], entries: [...setup.entries] },
	log
});
const outcomes = (m: MergedEventFiles, at: number) => standingsOfMerged(m, at)[0]!.standings.rows.map((r) => [r.name, r.outcome.previewAt, r.outcome.status]);

describe('withOrganizerStarts (issue 30 #5a)', () => {
	it('an organizer start begins every seat of its heat at its moment, with the preview (ES-PREVIEW), as the tablets would', () => {
		const started = withOrganizerStarts(merged(), [{ id: 's1', competitionId: 'comp', heatId: 'heat-1', at: T0 }]);
		expect(outcomes(started, T0 + 10 * MIN)).toEqual([
			['Ana', T0, 'running'],
			['Bea', T0, 'running'],
			['Cris', T0, 'running']
		]);
	});

	it("a tablet's own start counts for its seats; the organizer's only for the seats no start reached yet", () => {
		const t = tablet();
		t.start(T0 + 5_000, ['ana'], setup.ruleset.previewMs);
		const started = withOrganizerStarts(merged(t.events), [{ id: 's1', competitionId: 'comp', heatId: 'heat-1', at: T0 }]);
		expect(outcomes(started, T0 + 10 * MIN).map(([name, at]) => [name, at])).toEqual([
			['Ana', T0 + 5_000],
			['Bea', T0],
			['Cris', T0]
		]);
	});

	it('nothing for a heat of another competition, nor without starts; the latest start of a heat counts', () => {
		const m = merged();
		expect(withOrganizerStarts(m, [])).toBe(m);
		expect(withOrganizerStarts(m, [{ id: 's1', competitionId: 'other', heatId: 'heat-1', at: T0 }])).toBe(m);
		const twice = withOrganizerStarts(m, [
			{ id: 's1', competitionId: 'comp', heatId: 'heat-1', at: T0 },
			{ id: 's2', competitionId: 'comp', heatId: 'heat-1', at: T0 + MIN }
		]);
		expect(twice.log).toHaveLength(1);
		expect(twice.log[0]!.at).toBe(T0 + MIN);
	});
});
