import { describe, expect, it } from 'vitest';
import { competition, MIN, row, score, T0, tablet } from './testkit';

const ES = 'es-adult-individual'; // a preview of 2 minutes (ES-PREVIEW)
const CZ = 'czjpa-individual'; // no preview

describe('warnings: what the standings follow as recorded, reported, not silent', () => {
	it('ES-PREVIEW: a heat start whose preview is not the ruleset’s is reported; its own preview counts', () => {
		const setup = competition(ES, ['Ana', 'Bea']);
		const a = tablet('tablet-a');
		const start = a.start(T0, ['ana', 'bea'], 30_000);
		a.hand('ana', T0 + 40 * MIN);
		const s = score(setup, a.events, T0 + 50 * MIN);
		expect(s.warnings).toEqual([
			{
				kind: 'preview-differs',
				competitionId: 'comp',
				heatId: 'heat-1',
				eventIds: [start.id],
				deviceIds: ['tablet-a'],
				message: `the start ${start.id} of heat heat-1 has a preview of 0:30 where ruleset es-adult-individual v1 has 2:00; the seats' clocks start after the start's preview`
			}
		]);
		expect(s.conflicts).toEqual([]);
		// The clock started after the start's 30 s preview, not the ruleset's 2 minutes.
		expect(row(s, 'Ana').outcome.startedAt).toBe(T0 + 30_000);
	});

	it('a start with the ruleset’s preview, or none where the ruleset has none, warns of nothing', () => {
		const es = tablet('tablet-a');
		es.start(T0, ['ana'], 2 * MIN);
		expect(score(competition(ES, ['Ana']), es.events, T0 + 10 * MIN).warnings).toEqual([]);
		const cz = tablet('tablet-a');
		cz.start(T0, ['ana']);
		expect(score(competition(CZ, ['Ana']), cz.events, T0 + 10 * MIN).warnings).toEqual([]);
	});

	it('one warning per start, in the log’s order; a correction that gives the start the ruleset’s preview ends it', () => {
		const setup = competition(CZ, ['Ana', 'Bea']);
		const b = tablet('tablet-b');
		const a = tablet('tablet-a');
		const late = b.start(T0 + 1000, ['bea'], 1_500);
		const early = a.start(T0, ['ana'], 60_000);
		const s = score(setup, [...b.events, ...a.events], T0 + 10 * MIN);
		expect(s.warnings.map((w) => [w.eventIds, w.message.match(/preview of (\S+) where .* has (\S+);/)!.slice(1)])).toEqual([
			[[early.id], ['1:00', '0:00']],
			[[late.id], ['0:01.500', '0:00']]
		]);
		const org = tablet('organizer');
		org.correct(early, T0 + 5 * MIN, 'the preview was a mistake', { type: 'heat.start', at: early.at, payload: { entryIds: ['ana'], previewMs: 0 } });
		expect(score(setup, [...a.events, ...b.events, ...org.events], T0 + 10 * MIN).warnings.map((w) => w.eventIds)).toEqual([[late.id]]);
	});
});
