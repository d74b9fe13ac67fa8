import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CompetitionScorer } from '$lib/scoring';
import { formatFileError, parseEventFile, type ParsedEventFile } from './event-file';
import { mergeEventFiles, standingsOfFiles, standingsOfMerged } from './merge';

const FIXTURES = new URL('../../../tests/fixtures/', import.meta.url);
const raw = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

/* eslint-disable @typescript-eslint/no-explicit-any */
function parsed(name: string, edit?: (f: any) => void): ParsedEventFile {
	const f = raw(name);
	edit?.(f);
	const r = parseEventFile(JSON.stringify(f), name);
	if (!r.ok) throw new Error(r.errors.map(formatFileError).join('\n'));
	return r.value;
}

const A = 'es-adult-individual-tablet-a.json';
const B = 'es-adult-individual-tablet-b.json';
/** 2026-08-15 12:00 UTC: after the turn (started 09:00 UTC, 2:00 preview, 2 h limit). */
const AFTER_ES = Date.UTC(2026, 7, 15, 12, 0, 0);

describe('mergeEventFiles', () => {
	it('deduplicates set-up items and concatenates the logs', () => {
		const a = parsed(A);
		const b = parsed(B);
		const m = mergeEventFiles([a, b]);
		expect(m.ok).toBe(true);
		if (!m.ok) return;
		expect(m.value.files).toEqual([A, B]);
		expect(m.value.setup.entries.map((e) => e.id)).toEqual(['es-01', 'es-02', 'es-03', 'es-04', 'es-05', 'es-06']);
		expect(m.value.setup.competitions).toHaveLength(1);
		expect(m.value.setup.rulesets).toHaveLength(1);
		expect(m.value.log).toHaveLength(a.file.log.length + b.file.log.length);
	});

	it('the same event in two files counts once (the scorer deduplicates by event ID)', () => {
		const a = parsed(A);
		const b = parsed(B);
		const ids = (f: ParsedEventFile) => new Set(f.file.log.map((e) => e.id));
		const shared = [...ids(a)].filter((id) => ids(b).has(id));
		// The fixture's copies: the turn's start and Ana's finish (from A), Antonio's pause (from B).
		expect(shared.sort()).toEqual(['tab-a-1', 'tab-a-4', 'tab-a-5', 'tab-a-6', 'tab-b-1', 'tab-b-2']);

		const m = mergeEventFiles([a, b]);
		if (!m.ok) throw new Error('merge failed');
		const setup = m.value.setup;
		const scorer = new CompetitionScorer({ competition: setup.competitions[0]!, ruleset: setup.rulesets[0]!, entries: setup.entries });
		scorer.add(m.value.log);
		expect(scorer.size).toBe(a.file.log.length + b.file.log.length - shared.length);

		const [merged] = standingsOfMerged(m.value, AFTER_ES);
		// Counted twice, Ana's hand raised would be a double finish; the start a double start.
		expect(merged!.standings.conflicts).toEqual([]);
		// The same files given twice, in either order: the same standings.
		const again = standingsOfFiles([b, a, b, a], AFTER_ES);
		expect(again.ok && again.value[0]!.standings).toEqual(merged!.standings);
	});

	it('the same event ID with different content in two files is an id-collision conflict, not hidden', () => {
		const a = parsed(A);
		const b = parsed(B, (f) => {
			const copy = f.log.find((e: any) => e.id === 'tab-a-4'); // Ana's hand raised, copied from tablet A
			copy.at += 1000;
		});
		const r = standingsOfFiles([a, b], AFTER_ES);
		if (!r.ok) throw new Error('merge failed');
		const collisions = r.value[0]!.standings.conflicts.filter((c) => c.kind === 'id-collision');
		expect(collisions).toHaveLength(1);
		expect(collisions[0]).toMatchObject({ eventIds: ['tab-a-4'], entryId: 'es-03', deviceIds: ['tab-a'] });
	});

	it('the same set-up ID with different content in two files: an error naming both files, the item and the field', () => {
		const a = parsed(A);
		const b = parsed(B, (f) => {
			f.setup.entries[3].name = 'Antonio Rodríguez Pérez';
		});
		const m = mergeEventFiles([a, b]);
		expect(m.ok).toBe(false);
		if (m.ok) return;
		expect(m.errors.map(formatFileError)).toEqual([
			`${B}: setup.entries[3] (entry es-04): name: differs from entry es-04 in ${A} (setup.entries[3]): there "Antonio Rodríguez", here "Antonio Rodríguez Pérez"`
		]);
	});

	it('a competition with and without its advancement to a final (pulled before and after the organizer set it) merges, keeping the advancement', () => {
		const a = parsed(A);
		const plan = { competitionId: 'es-final', rule: { mode: 'overall', count: 2 } };
		const b = parsed(B, (f) => {
			f.setup.competitions[0].advancesTo = plan;
		});
		for (const files of [
			[a, b],
			[b, a]
		]) {
			const m = mergeEventFiles(files);
			if (!m.ok) throw new Error(m.errors.map(formatFileError).join('\n'));
			expect(m.value.setup.competitions[0]!.advancesTo).toEqual(plan);
		}
		// Anything else that differs is still an error.
		const renamed = parsed(B, (f) => {
			f.setup.competitions[0].advancesTo = plan;
			f.setup.competitions[0].name = 'Another name';
		});
		expect(mergeEventFiles([a, renamed]).ok).toBe(false);
	});

	it('rulesets are kept by ID and version: another version is another ruleset, a changed one is an error', () => {
		const cz = parsed('czjpa-individual.json');
		const v2 = parsed('czjpa-individual.json', (f) => {
			f.setup.rulesets[0].version = 2;
			f.setup.rulesets[0].timeLimitMs = 100 * 60_000;
			f.setup.competitions[0].id = 'cz-ind-2';
			f.setup.competitions[0].ruleset.version = 2;
			for (const h of f.setup.heats) h.competitionId = 'cz-ind-2';
			for (const e of f.setup.entries) e.competitionId = 'cz-ind-2';
			f.setup.heats[0].id = 'cz-ind-2-h1';
			for (const e of f.setup.entries) {
				e.heatId = 'cz-ind-2-h1';
				e.id = `v2-${e.id}`;
			}
			f.log = [];
		});
		const ok = mergeEventFiles([cz, v2]);
		expect(ok.ok && ok.value.setup.rulesets.map((r) => `${r.id}@${r.version}`)).toEqual(['czjpa-individual@1', 'czjpa-individual@2']);

		const changed = parsed('czjpa-individual.json', (f) => {
			f.setup.rulesets[0].timeLimitMs = 100 * 60_000;
		});
		const bad = mergeEventFiles([cz, changed]);
		expect(bad.ok ? [] : bad.errors.map(formatFileError)).toEqual([
			'czjpa-individual.json: setup.rulesets[0] (ruleset czjpa-individual v1): timeLimitMs: differs from ruleset czjpa-individual v1 in czjpa-individual.json (setup.rulesets[0]): there 5400000, here 6000000; a changed ruleset needs a new version (CZ-GEN-CHANGES)'
		]);
	});
});

describe('standingsOfFiles', () => {
	it('one result per competition, in a stable order whatever the order of the files', () => {
		const files = [parsed('czjpa-team-relay.json'), parsed(A), parsed('czjpa-individual.json'), parsed(B)];
		const r1 = standingsOfFiles(files, AFTER_ES);
		const r2 = standingsOfFiles([...files].reverse(), AFTER_ES);
		if (!r1.ok || !r2.ok) throw new Error('merge failed');
		// Days by date: the Brno day (2026-05-16) before the fiesta (2026-08-15); then competition ID.
		expect(r1.value.map((c) => c.competition.id)).toEqual(['cz-ind', 'cz-relay', 'es-adult']);
		expect(r2.value.map((c) => c.competition.id)).toEqual(['cz-ind', 'cz-relay', 'es-adult']);
		expect(r1.value.map((c) => `${c.ruleset.id} v${c.ruleset.version}`)).toEqual(['czjpa-individual v1', 'czjpa-team-relay v1', 'es-adult-individual v1']);
		expect(r1.value[0]!.day?.id).toBe('brno-2026');
		expect(r1.value[0]!.entries).toHaveLength(10);
	});

	it('ES-WIN, ES-TIE: merged tablets give 45:00.4 and 45:00.9 the same time, flagged for a tie-break', () => {
		const r = standingsOfFiles([parsed(A), parsed(B)], AFTER_ES);
		if (!r.ok) throw new Error('merge failed');
		const s = r.value[0]!.standings;
		// Hand-computed from the fixture (see make-fixtures.ts): whole seconds, truncated.
		expect(s.rows.map((row) => [row.place, row.name, row.outcome.finalTimeMs, row.tieBreak])).toEqual([
			[1, 'José Fernández', 45 * 60_000, true],
			[1, 'María García', 45 * 60_000, true],
			[3, 'Ana González', 45 * 60_000 + 15_000, false],
			[4, 'Antonio Rodríguez', 48 * 60_000 + 20_000, false],
			[5, 'Francisco Martínez', 2 * 3_600_000 + 100_000, false],
			[6, 'Isabel López', 2 * 3_600_000 + 500_000, false]
		]);
		expect(s.tieForFirst.sort()).toEqual(['es-01', 'es-02']);
	});
});
