import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import type { JudgeEvent } from '$lib/events/schema';
import { applyMerges } from './apply-merges';
import { formatFileError, parseEventFile, serializeEventFile, type EventFile } from './event-file';
import { mergeEventFiles, standingsOfFiles, standingsOfMerged } from './merge';
import { MIN, T0, twoQuickSetups } from './two-quick-setups.testkit';

const AFTER = T0 + 2 * 60 * MIN;

function data(withMerge = true) {
	const t = twoQuickSetups();
	const setup = withMerge ? { ...t.setup, merges: [t.merge] } : t.setup;
	return { t, merged: { files: [], setup, log: [...t.logA.events, ...t.logB.events] } };
}

function file(setup: EventFile['setup'], log: JudgeEvent[], deviceId: string): EventFile {
	return { format: 'puzzle-judge-events', version: 1, exportedAt: AFTER, deviceId, setup, log };
}

describe('applyMerges: a folded-in competition read as the kept one', () => {
	it('two quick set-ups of one heat, merged, are one competition with every entry; the seat both judged is a double start and a double finish', () => {
		const { t, merged } = data();
		const standings = standingsOfMerged(merged, AFTER);
		expect(standings.map((s) => s.competition.id)).toEqual([t.a.competitionId]);
		const [s] = standings;
		expect(s!.entries.map((e) => [e.id, e.name, e.heatId])).toEqual([
			[t.seat(t.a, 1), 'Ana', t.a.heatId],
			[t.seat(t.a, 2), 'Bob', t.a.heatId],
			[t.seat(t.a, 3), 'Cyril', t.a.heatId],
			[t.seat(t.b, 3), 'Dora', t.a.heatId]
		]);
		const rows = s!.standings.rows.map((r) => [r.name, r.place, r.outcome.finalTimeMs]);
		// The earliest of Ana's two finishes counts meanwhile (double-finish default).
		expect(rows).toEqual([
			['Ana', 1, 40 * MIN],
			['Bob', 2, 45 * MIN],
			['Dora', 3, 50 * MIN - 2000],
			['Cyril', null, null]
		]);
		const conflicts = s!.standings.conflicts.map((c) => [c.kind, c.entryId, [...c.eventIds].sort()]);
		expect(conflicts).toContainEqual(['double-finish', t.seat(t.a, 1), [t.handA.id, t.handB.id].sort()]);
		expect(conflicts.map((c) => c[0]).sort()).toEqual(['double-finish', 'double-start', 'double-start']);
	});

	it('without the merge the two competitions stay apart (what the merge changes)', () => {
		const { t, merged } = data(false);
		const standings = standingsOfMerged(merged, AFTER);
		expect(standings.map((s) => s.competition.id)).toEqual([t.a.competitionId, t.b.competitionId]);
		expect(standings.every((s) => s.standings.conflicts.length === 0)).toBe(true);
	});

	it('maps events, their payloads and corrections; keeps event IDs; applying again changes nothing; without merges returns the input', () => {
		const { t, merged } = data();
		const extra = new DeviceLog({ deviceId: 'tab-b', judge: 'Pablo', competitionId: t.b.competitionId, heatId: t.b.heatId, firstSeq: 50 });
		const wrong = extra.hand(t.seat(t.b, 2), T0 + 30 * MIN);
		const fix = extra.correct(wrong, T0 + 31 * MIN, 'tapped too early', { type: 'hand.raised', at: T0 + 44 * MIN, payload: {} });
		const limit = extra.record('heat.time-limit', T0 + 90 * MIN, null, { entryIds: [t.seat(t.b, 1), t.seat(t.b, 3)] });
		const once = applyMerges({ ...merged, log: [...merged.log, ...extra.events] });
		const byId = new Map(once.log.map((e) => [e.id, e]));
		expect(byId.get(wrong.id)).toMatchObject({ competitionId: t.a.competitionId, heatId: t.a.heatId, entryId: t.seat(t.a, 2) });
		expect(byId.get(fix.id)).toMatchObject({ competitionId: t.a.competitionId, entryId: t.seat(t.a, 2), payload: { supersedes: wrong.id } });
		expect(byId.get(limit.id)!.payload).toEqual({ entryIds: [t.seat(t.a, 1), t.seat(t.b, 3)] });
		expect(byId.get(t.logB.events[0]!.id)!.payload).toEqual({ entryIds: [t.seat(t.a, 1), t.seat(t.a, 2), t.seat(t.b, 3)], previewMs: 0 });
		// The kept competition's own events are the same objects.
		for (const e of t.logA.events) expect(byId.get(e.id)).toBe(e);
		expect(once.setup.competitions.map((c) => c.id)).toEqual([t.a.competitionId]);
		expect(once.setup.heats.map((h) => h.id)).toEqual([t.a.heatId]);
		expect(once.setup.merges).toEqual([t.merge]);
		expect(applyMerges(once)).toEqual(once);
		const plain = data(false).merged;
		expect(applyMerges(plain)).toBe(plain);
		// Bob's corrected finish (44:00, from B) is earlier than A's 45:00: a double finish the organizer resolves.
		const [s] = standingsOfMerged(once, AFTER);
		expect(s!.standings.conflicts.filter((c) => c.kind === 'double-finish').map((c) => c.entryId).sort()).toEqual([t.seat(t.a, 1), t.seat(t.a, 2)].sort());
	});

	it('a heat linked as new joins the kept competition with its entries', () => {
		const { t, merged } = data();
		const merge = { ...t.merge, heats: [{ from: t.b.heatId, to: null }], entries: t.merge.entries.map((l) => ({ ...l, to: null })) };
		const [s] = standingsOfMerged({ ...merged, setup: { ...merged.setup, merges: [merge] } }, AFTER);
		expect(s!.competition.id).toBe(t.a.competitionId);
		expect(s!.entries.map((e) => [e.id, e.heatId])).toEqual([
			...[1, 2, 3].map((n) => [t.seat(t.a, n), t.a.heatId]),
			...[1, 2, 3].map((n) => [t.seat(t.b, n), t.b.heatId])
		]);
		expect(s!.standings.conflicts).toEqual([]);
	});

	it('a merge that is not valid against the set-up is not applied (a chain, a competition not held)', () => {
		const { t, merged } = data();
		const third = { ...t.merge, id: 'merge-2', keptCompetitionId: t.b.competitionId, foldedCompetitionId: 'q-cccc', heats: [], entries: [] };
		// Into a competition this data does not hold: skipped.
		expect(applyMerges({ ...merged, setup: { ...merged.setup, merges: [third] } }).setup.competitions).toHaveLength(2);
		// A into B and B into A: each is a chain of the other; neither applies.
		const back = { ...t.merge, id: 'merge-0', keptCompetitionId: t.b.competitionId, foldedCompetitionId: t.a.competitionId, heats: [], entries: [] };
		expect(applyMerges({ ...merged, setup: { ...merged.setup, merges: [t.merge, back] } }).setup.competitions).toHaveLength(2);
	});
});

describe('merges in event files (the CLI)', () => {
	it('a file carries the merge; the CLI path scores one competition; a merge naming what the file lacks is an error at its position', () => {
		const { t } = data();
		const text = serializeEventFile(file({ ...t.setup, merges: [t.merge] }, [...t.logA.events, ...t.logB.events], 'tab-a'));
		const parsed = parseEventFile(text, 'a.json');
		expect(parsed.ok ? [] : parsed.errors.map(formatFileError)).toEqual([]);
		if (!parsed.ok) return;
		expect(parsed.value.file.setup.merges).toEqual([t.merge]);
		const s = standingsOfFiles([parsed.value], AFTER);
		expect(s.ok && s.value.map((c) => [c.competition.id, c.entries.length])).toEqual([[t.a.competitionId, 4]]);

		const bad = { ...t.merge, entries: [{ from: t.seat(t.b, 1), to: 'nobody' }] };
		const r = parseEventFile(serializeEventFile(file({ ...t.setup, merges: [bad] }, [], 'tab-a')), 'bad.json');
		expect(r.ok ? [] : r.errors.map(formatFileError)).toEqual([`bad.json: setup.merges[0] (merge merge-1): entries[0].to: entry "nobody" is not an entry of competition "${t.a.competitionId}"`]);
		const invalid = parseEventFile(serializeEventFile(file({ ...t.setup, merges: [{ ...t.merge, reason: ' ' }] }, [], 'tab-a')), 'reason.json');
		expect(invalid.ok ? [] : invalid.errors.map(formatFileError)).toEqual(['reason.json: setup.merges[0] (merge merge-1): reason: a reason is required']);
	});

	it('files are merged with their merges once; one merge ID with two contents is an error naming both files', () => {
		const { t } = data();
		const one = parseEventFile(serializeEventFile(file({ ...t.setup, merges: [t.merge] }, t.logA.events, 'tab-a')), 'a.json');
		const two = parseEventFile(serializeEventFile(file({ ...t.setup, merges: [t.merge] }, t.logB.events, 'tab-b')), 'b.json');
		const none = parseEventFile(serializeEventFile(file(t.setup, [], 'tab-c')), 'c.json');
		const other = parseEventFile(serializeEventFile(file({ ...t.setup, merges: [{ ...t.merge, reason: 'other' }] }, [], 'tab-d')), 'd.json');
		if (!one.ok || !two.ok || !none.ok || !other.ok) throw new Error('parse');
		const m = mergeEventFiles([none.value, one.value, two.value]);
		expect(m.ok && m.value.setup.merges).toEqual([t.merge]);
		const clash = mergeEventFiles([one.value, other.value]);
		expect(clash.ok ? [] : clash.errors.map(formatFileError)).toEqual(['d.json: setup.merges[0] (merge merge-1): differs from merge merge-1 in a.json (setup.merges[0])']);
	});
});
