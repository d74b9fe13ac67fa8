/**
 * The standings CLI on the fixtures (tests/fixtures, made by scripts/make-fixtures.ts).
 * Every expected place and time below is computed by hand from the rules (CLAUSES.md) and
 * the times the fixture script writes; none is copied from the program's output.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaProblems } from '../src/lib/files/json-schema-check.testkit';
import { EVENT, MIN, T0, twoQuickSetups } from '../src/lib/files/two-quick-setups.testkit';
import { backupText } from '../src/lib/server/backup';
import { recordMerge } from '../src/lib/server/competition-merges';
import { Store } from '../src/lib/server/store';
import { pushEvents } from '../src/lib/server/sync-push';
import { issueToken } from '../src/lib/server/tokens';
import { runStandings } from './standings-cli';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = 'node_modules/.bin/tsx';
const CZ_IND = 'tests/fixtures/czjpa-individual.json';
const CZ_RELAY = 'tests/fixtures/czjpa-team-relay.json';
const ES_A = 'tests/fixtures/es-adult-individual-tablet-a.json';
const ES_B = 'tests/fixtures/es-adult-individual-tablet-b.json';
const BAD = 'tests/fixtures/bad-event.json';

interface Run {
	status: number | null;
	stdout: string;
	stderr: string;
}

/** The CLI run in this process (as `npm run standings -- ARGS` would, without starting tsx each time). */
function standings(...args: string[]): Run {
	let stdout = '';
	let stderr = '';
	const status = runStandings(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
	return { status, stdout, stderr };
}

/** The CLI as a process of its own (its exit status, its streams), several at once. */
function standingsProcess(...args: string[]): Promise<Run> {
	return new Promise((resolve, reject) => {
		const child = spawn(TSX, ['scripts/standings.ts', ...args], { cwd: ROOT });
		let stdout = '';
		let stderr = '';
		child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
		child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
		child.on('error', reject);
		child.on('close', (status) => resolve({ status, stdout, stderr }));
	});
}

type Row = Record<'Place' | 'Name' | 'Status' | 'Final time' | 'Elapsed' | 'Penalties' | 'Missing' | 'Counted pieces' | 'Reason', string>;

/** The rows of the first table in the text, cut at the columns the dash line marks. */
function tableRows(text: string): Row[] {
	const lines = text.split('\n').map((l) => [...l]);
	const dashIndex = lines.findIndex((l) => /^-+( +-+)+$/.test(l.join('')));
	const header = lines[dashIndex - 1]!;
	const spans: [number, number][] = [];
	const dashes = lines[dashIndex]!.join('');
	for (const m of dashes.matchAll(/-+/g)) spans.push([m.index!, m.index! + m[0].length]);
	spans[spans.length - 1]![1] = Infinity; // the last column (Reason) is not padded
	const cell = (l: string[], [from, to]: [number, number]) => l.slice(from, to).join('').trim();
	const titles = spans.map((s) => cell(header, s));
	const rows: Row[] = [];
	for (const l of lines.slice(dashIndex + 1)) {
		if (l.length === 0) break;
		rows.push(Object.fromEntries(spans.map((s, i) => [titles[i], cell(l, s)])) as Row);
	}
	return rows;
}

const pick = (rows: Row[], ...cols: (keyof Row)[]) => rows.map((r) => cols.map((c) => r[c]));

const SLOW = 60_000;

describe('npm run standings: CZJPA individual', () => {
	let run: Run;
	let rows: Row[];
	beforeAll(() => {
		run = standings(CZ_IND, '--at', '2026-05-16T12:00:00Z');
		rows = tableRows(run.stdout);
	}, SLOW);

	it('prints a table and exits 0', () => {
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout.split('\n')[0]).toBe('Individual championship — ruleset czjpa-individual v1 (CZJPA individual (500 pieces, 90 min))');
		expect(rows).toHaveLength(10);
	});

	it('CZ-IND-RANK-1, CZ-GEN-MISSING: finishers by final time incl. 10 s per missing piece', () => {
		expect(pick(rows.slice(0, 6), 'Place', 'Name', 'Final time', 'Elapsed', 'Penalties')).toEqual([
			['1*', 'Jana Nováková', '52:13.250', '52:13.250', ''],
			['2*', 'Petr Svoboda', '56:00.000', '55:40.000', 'missing +0:20.000'],
			['3*', 'Lucie Dvořáková', '58:30.500', '58:30.500', ''],
			['4*', 'Tomáš Černý', '59:59.999', '59:59.999', ''],
			['5*', 'Kateřina Procházková', '1:01:15.000', '1:01:05.000', 'missing +0:10.000'],
			['5*', 'Martin Kučera', '1:01:15.000', '1:01:15.000', '']
		]);
	});

	it('CZ-GEN-FINISH: a rejected check does not stop the clock; the later confirmed finish counts', () => {
		// Lucie raised her hand at 50:00.000 (rejected), then again at 58:30.500.
		expect(rows.find((r) => r.Name === 'Lucie Dvořáková')).toMatchObject({ 'Final time': '58:30.500', Status: 'finished' });
	});

	it('CZ-IND-RANK-3, CZ-IND-AWARD: equal final times share 5th place and both are awarded', () => {
		const fifth = rows.filter((r) => r.Place.startsWith('5'));
		expect(fifth.map((r) => r.Name)).toEqual(['Kateřina Procházková', 'Martin Kučera']);
		expect(fifth.every((r) => r.Place === '5*')).toBe(true);
		expect(rows.filter((r) => r.Place.endsWith('*'))).toHaveLength(6);
	});

	it('CZ-IND-RANK-2, CZ-GEN-UNFINISHED, CZ-IND-RANK-3: unfinished by counted pieces in groups of 3+, equal counts share the place (CLI)', () => {
		// Veronika 120+45 = 165 (2, 2, 1 do not count); Jakub 100+60+5 = 165 (2, 2, 2 do not); Tereza 80+3 = 83.
		expect(pick(rows.slice(6, 9), 'Place', 'Name', 'Status', 'Final time', 'Counted pieces')).toEqual([
			['7', 'Jakub Horák', 'unfinished', '', '165'],
			['7', 'Veronika Veselá', 'unfinished', '', '165'],
			['9', 'Tereza Němcová', 'unfinished', '', '83']
		]);
	});

	it('an entry that did not start has no place and comes last', () => {
		expect(pick(rows.slice(9), 'Place', 'Name', 'Status')).toEqual([['-', 'Ondřej Marek', 'did-not-start']]);
	});

	it('running clocks: before anyone finishes, nobody has a place', () => {
		// 2026-05-16 08:30 UTC = 30:00 into the heat, as ms since the epoch.
		const r = standings(CZ_IND, '--at', String(Date.UTC(2026, 4, 16, 8, 30)));
		const mid = tableRows(r.stdout);
		expect(mid.filter((x) => x.Status === 'running')).toHaveLength(9);
		expect(mid.every((x) => x.Place === '-')).toBe(true);
	}, SLOW);
});

describe('npm run standings: CZJPA team relay', () => {
	it('CZ-TEAM-FINAL, CZ-TEAM-RANK: finished teams by final time incl. penalties, then the unfinished by counted pieces', () => {
		const run = standings(CZ_RELAY, '--at', '2026-05-16T18:00:00Z');
		expect(run.status).toBe(0);
		const rows = tableRows(run.stdout);
		// Rychlé prsty: final at 3:58:07.500. Dílky z Brna: 4:12:30.000 + 1 missing piece × 10 s.
		// Skládačky Praha at 5 h: p1-1, p1-2, p1-4 500 each, p1-3 500 − 1 missing = 499,
		// p2-1 tally 300+120 = 420 (2, 2 do not count), p2-2 250+80+40+3 = 373 (2, 1, 1 do not);
		// 500+500+499+500+420+373 = 2792; p3 and the final not reached count 0.
		expect(pick(rows, 'Place', 'Name', 'Status', 'Final time', 'Counted pieces')).toEqual([
			['1*', 'Rychlé prsty', 'finished', '3:58:07.500', '4500'],
			['2*', 'Dílky z Brna', 'finished', '4:12:40.000', '4499'],
			['3*', 'Skládačky Praha', 'unfinished', '', '2792']
		]);
		expect(rows[1]!.Penalties).toBe('missing +0:10.000');
	}, SLOW);
});

describe('npm run standings: Spanish adult individual on two tablets', () => {
	let run: Run;
	let rows: Row[];
	beforeAll(() => {
		run = standings(ES_A, ES_B, '--at', '2026-08-15T12:00:00Z');
		rows = tableRows(run.stdout);
	}, SLOW);

	it('ES-WIN, ES-TIE, ES-PREVIEW, ES-ASSIST, ES-PAUSE, ES-UNFINISHED: the merged standings', () => {
		expect(run.status).toBe(0);
		// Clock zero at 09:02 UTC (2:00 preview). Times in whole seconds, truncated:
		// José 45:00.900 → 45:00 and María 45:00.400 → 45:00 tie for first (flagged TB).
		// Ana 41:45.300 → 41:45 + assistance 3:30.650 → 3:30 = 45:15.
		// Antonio finished 52:30.700 after the clock's zero, paused 4:10 → 48:20.
		// Francisco: 190 pieces in groups of 10+ → 10 loose × 10 s = 1:40 → 2:01:40.
		// Isabel: 150 in groups of 10+ (9, 9, 5, 1 do not count) → 50 loose → 8:20 → 2:08:20.
		expect(pick(rows, 'Place', 'Name', 'Status', 'Final time', 'Elapsed', 'Penalties', 'Counted pieces')).toEqual([
			['1* TB', 'José Fernández', 'finished', '45:00', '45:00', '', '200'],
			['1* TB', 'María García', 'finished', '45:00', '45:00', '', '200'],
			['3', 'Ana González', 'finished', '45:15', '41:45', 'assist +3:30', '200'],
			['4', 'Antonio Rodríguez', 'finished', '48:20', '48:20', '', '200'],
			['5', 'Francisco Martínez', 'unfinished', '2:01:40', '2:00:00', 'loose +1:40', '190'],
			['6', 'Isabel López', 'unfinished', '2:08:20', '2:00:00', 'loose +8:20', '150']
		]);
		expect(run.stdout).toContain('Tie for first: José Fernández, María García');
	});

	it('events present in both files count once: no double start or double finish', () => {
		expect(run.stdout).toContain('Conflicts: none.');
		const twice = standings(ES_A, ES_B, ES_B, ES_A, '--at', '2026-08-15T12:00:00Z');
		expect(twice.stdout).toBe(run.stdout);
	}, SLOW);

	it('--format csv: one row per entry, every time component in ms', () => {
		const r = standings(ES_A, ES_B, '--at', '2026-08-15T12:00:00Z', '--format', 'csv');
		expect(r.status).toBe(0);
		const parsed = Papa.parse<Record<string, string>>(r.stdout.trim(), { header: true });
		expect(parsed.errors).toEqual([]);
		expect(parsed.meta.fields).toEqual([
			'competition_id',
			'competition',
			'ruleset',
			'ruleset_version',
			'place',
			'awarded',
			'tie_break',
			'entry_id',
			'name',
			'status',
			'final_time_ms',
			'final_time',
			'elapsed_ms',
			'missing_pieces',
			'missing_from_box',
			'missing_pieces_penalty_ms',
			'assistance_penalty_ms',
			'loose_pieces',
			'loose_pieces_penalty_ms',
			'adjustment_ms',
			'counted_pieces',
			'reason'
		]);
		const byName = new Map(parsed.data.map((x) => [x.name, x]));
		expect(parsed.data).toHaveLength(6);
		// 45:15 = 2 715 000 ms = 41:45 (2 505 000) + 3:30 (210 000).
		expect(byName.get('Ana González')).toMatchObject({
			competition_id: 'es-adult',
			ruleset: 'es-adult-individual',
			ruleset_version: '1',
			place: '3',
			awarded: 'false',
			final_time_ms: '2715000',
			final_time: '45:15',
			elapsed_ms: '2505000',
			assistance_penalty_ms: '210000',
			missing_pieces: '0',
			missing_pieces_penalty_ms: '0'
		});
		// 2:08:20 = 7 700 000 ms = 2 h (7 200 000) + 50 loose × 10 s (500 000).
		expect(byName.get('Isabel López')).toMatchObject({
			place: '6',
			status: 'unfinished',
			final_time_ms: '7700000',
			final_time: '2:08:20',
			elapsed_ms: '7200000',
			loose_pieces: '50',
			loose_pieces_penalty_ms: '500000',
			counted_pieces: '150'
		});
		expect(byName.get('José Fernández')).toMatchObject({ place: '1', awarded: 'true', tie_break: 'true', final_time_ms: '2700000' });
		expect(byName.get('María García')).toMatchObject({ place: '1', awarded: 'true', tie_break: 'true', final_time_ms: '2700000' });
	}, SLOW);

	it('--format json', () => {
		const r = standings(ES_A, ES_B, '--at', '2026-08-15T12:00:00Z', '--format', 'json');
		expect(r.status).toBe(0);
		const out = JSON.parse(r.stdout);
		expect(out).toHaveLength(1);
		expect(out[0].competition.id).toBe('es-adult');
		expect(out[0].ruleset).toEqual({ id: 'es-adult-individual', version: 1 });
		expect(out[0].conflicts).toEqual([]);
		expect(out[0].rows.map((x: { place: number; entryId: string; finalTimeMs: number; tieBreak: boolean }) => [x.place, x.entryId, x.finalTimeMs, x.tieBreak])).toEqual([
			[1, 'es-02', 2_700_000, true],
			[1, 'es-01', 2_700_000, true],
			[3, 'es-03', 2_715_000, false],
			[4, 'es-04', 2_900_000, false],
			[5, 'es-06', 7_300_000, false],
			[6, 'es-05', 7_700_000, false]
		]);
		expect(out[0].rows[2].penalties).toEqual({ missingPiecesMs: 0, assistanceMs: 210_000, loosePiecesMs: 0, adjustmentMs: 0 });
	}, SLOW);
});

describe('npm run standings: errors and options', () => {
	it('a bad file: exit 1, every error on stderr naming the file, log[3] and the field; nothing on stdout', () => {
		const r = standings(BAD, CZ_IND);
		expect(r.status).toBe(1);
		expect(r.stdout).toBe('');
		expect(r.stderr.trim().split('\n')).toEqual([
			'tests/fixtures/bad-event.json: log[3] (event tab-x-4): payload.missingPieces: Invalid input: expected number, received string'
		]);
	}, SLOW);

	it('a missing file is an error too', () => {
		const r = standings('tests/fixtures/nope.json');
		expect(r.status).toBe(1);
		expect(r.stdout).toBe('');
		expect(r.stderr).toBe('tests/fixtures/nope.json: cannot read the file (ENOENT)\n');
	}, SLOW);

	it('--competition picks one competition', () => {
		const r = standings(CZ_IND, CZ_RELAY, '--competition', 'cz-relay', '--at', '2026-05-16T18:00:00Z');
		expect(r.status).toBe(0);
		expect(r.stdout.startsWith('Team relay — ruleset czjpa-team-relay v1')).toBe(true);
		expect(r.stdout).not.toContain('Individual championship');
		const unknown = standings(CZ_IND, '--competition', 'nope');
		expect(unknown.status).toBe(1);
		expect(unknown.stderr).toContain('no competition "nope" in these files; they hold: cz-ind');
	}, SLOW);

	it('--help prints the usage; an unknown option or a bad value is a usage error', async () => {
		const cases = [['--frobnicate', CZ_IND], ['--format', 'xml', CZ_IND], ['--at', 'yesterday', CZ_IND], []];
		const [help, ...runs] = await Promise.all([standingsProcess('--help'), ...cases.map((args) => standingsProcess(...args))]);
		expect(help!.status).toBe(0);
		expect(help!.stdout).toMatch(/^Usage: npm run standings -- FILE\.\.\./);
		runs.forEach((r, i) => {
			expect(r.status, cases[i]!.join(' ')).toBe(2);
			expect(r.stdout).toBe('');
			expect(r.stderr).toContain('Usage:');
		});
	}, SLOW);
});

describe('npm run standings --format json: docs/standings.schema.json', () => {
	const schema = JSON.parse(readFileSync(join(ROOT, 'docs/standings.schema.json'), 'utf8'));

	it('what it prints for every fixture, mid-heat and after, is valid by the committed schema', () => {
		const runs = [
			standings(CZ_IND, CZ_RELAY, '--format', 'json', '--at', '2026-05-16T08:30:00Z'),
			standings(CZ_IND, CZ_RELAY, '--format', 'json', '--at', '2026-05-16T20:00:00Z'),
			standings(ES_A, ES_B, '--format', 'json', '--at', '2026-08-15T12:00:00Z'),
			standings('tests/fixtures/backup-v1-demo.json', '--format', 'json', '--at', new Date(T0 + 120 * MIN).toISOString())
		];
		for (const r of runs) {
			expect(r.stderr).toBe('');
			const out = JSON.parse(r.stdout);
			expect(out.length).toBeGreaterThan(0);
			expect(jsonSchemaProblems(schema, out)).toEqual([]);
		}
	}, SLOW);

	it('with a conflict and a warning (ES-PREVIEW) too; a changed output is not', () => {
		const dir = mkdtempSync(join(tmpdir(), 'standings-schema-'));
		try {
			const file = JSON.parse(readFileSync(join(ROOT, CZ_IND), 'utf8'));
			const hand = file.log.find((e: { type: string; entryId: string }) => e.type === 'hand.raised' && e.entryId === 'ind-01');
			file.log.push({ ...hand, id: 'cz-tab-2-1', deviceId: 'cz-tab-2', seq: 1, at: hand.at - 5000 });
			file.log.find((e: { type: string }) => e.type === 'heat.start').payload.previewMs = 60_000;
			writeFileSync(join(dir, 'both.json'), JSON.stringify(file));
			const r = standings(join(dir, 'both.json'), '--format', 'json', '--at', '2026-05-16T12:00:00Z');
			const [out] = JSON.parse(r.stdout);
			expect([out.conflicts.map((c: { kind: string }) => c.kind), out.warnings.map((w: { kind: string }) => w.kind)]).toEqual([['double-finish'], ['preview-differs']]);
			expect(jsonSchemaProblems(schema, [out])).toEqual([]);
			expect(jsonSchemaProblems(schema, [{ ...out, warnings: [{ ...out.warnings[0], kind: 'shrug' }] }])).toEqual([
				'$[0].warnings[0].kind: "shrug" is not one of ["preview-differs","box-fault-pending"]'
			]);
			expect(jsonSchemaProblems(schema, [{ ...out, rows: [{ ...out.rows[0], place: 0 }] }])).toEqual(['$[0].rows[0].place: 0 of the anyOf alternatives match']);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}, SLOW);
});

describe('npm run standings: a server backup, with competitions the organizer merged', () => {
	it('reads the backup as its event file and scores the merged quick set-ups as one competition', () => {
		const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-cli-backup-'));
		const store = Store.open(dir);
		try {
			store.insertSetup({ events: [{ id: EVENT, name: 'Puzzle day', date: '2026-05-16' }] });
			const t = twoQuickSetups();
			const org = issueToken(store, { eventId: EVENT, role: 'organizer', label: 'Desk', now: T0 });
			for (const [q, log] of [
				[t.a, t.logA],
				[t.b, t.logB]
			] as const) {
				const tablet = issueToken(store, { eventId: EVENT, role: 'judge', label: q.competitionId, now: T0 });
				pushEvents(store, tablet, { events: log.events, setup: { rulesets: q.rulesets, competitions: q.competitions, heats: q.heats, entries: q.entries } }, T0 + MIN);
			}
			const before = join(dir, 'before.json');
			writeFileSync(before, backupText(store, EVENT, T0 + 2 * MIN));
			const { eventId: _e, recordedBy: _b, recordedAt: _a, ...request } = t.merge;
			recordMerge(store, org, request, T0 + 3 * MIN);
			const after = join(dir, 'after.json');
			writeFileSync(after, backupText(store, EVENT, T0 + 4 * MIN));

			const at = new Date(T0 + 120 * MIN).toISOString();
			const apart = standings(before, '--format', 'json', '--at', at);
			expect(apart.stderr).toBe('');
			expect((JSON.parse(apart.stdout) as { competition: { id: string } }[]).map((c) => c.competition.id)).toEqual([t.a.competitionId, t.b.competitionId]);
			const merged = standings(after, '--format', 'json', '--at', at);
			expect(merged.stderr).toBe('');
			const [one, ...rest] = JSON.parse(merged.stdout) as { competition: { id: string }; rows: { name: string; place: number | null }[]; conflicts: { kind: string }[] }[];
			expect(rest).toEqual([]);
			expect(one!.competition.id).toBe(t.a.competitionId);
			expect(one!.rows.map((r) => [r.name, r.place])).toEqual([
				['Ana', 1],
				['Bob', 2],
				['Dora', 3],
				['Cyril', null]
			]);
			expect(one!.conflicts.map((c) => c.kind)).toContain('double-finish');
		} finally {
			store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	}, SLOW);

	it('reads a backup of version 1 (one JSON object, made before backups were NDJSON) too', () => {
		const run = standings('tests/fixtures/backup-v1-demo.json', '--format', 'json', '--competition', 'demo-czjpa-individual', '--at', new Date(T0 + 120 * MIN).toISOString());
		expect(run.stderr).toBe('');
		const [one] = JSON.parse(run.stdout) as { competition: { id: string }; rows: { entryId: string }[] }[];
		expect(one!.competition.id).toBe('demo-czjpa-individual');
		expect(one!.rows.length).toBe(5);
	}, SLOW);
});
