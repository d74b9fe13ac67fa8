import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES } from '$lib/events/action-types';
import { JudgeEventSchema } from '$lib/events/schema';
import { presetById } from '$lib/rules/presets';
import { RulesetSchema } from '$lib/rules/schema';
import { CONFLICT_KINDS, WARNING_KINDS } from '$lib/scoring';
import { formatFileError, parseEventFile } from './event-file';
import { standingsOfFiles } from './merge';

const doc = readFileSync(new URL('../../../docs/event-format.md', import.meta.url), 'utf8');

/** The first ```json block after a heading. */
function jsonAfter(heading: string): string {
	return /```json\n([\s\S]*?)\n```/.exec(doc.slice(doc.indexOf(heading)))![1]!;
}

/** An event file's standings (its first competition) at `at`. */
function scored(file: unknown, at: number) {
	const r = parseEventFile(JSON.stringify(file), 'example.json');
	if (!r.ok) throw new Error(r.errors.map(formatFileError).join('\n'));
	const s = standingsOfFiles([r.value], at);
	if (!s.ok) throw new Error('merge failed');
	return s.value[0]!.standings;
}

describe('docs/event-format.md', () => {
	it('its complete example is a valid file with the standings the document states', () => {
		const section = doc.slice(doc.indexOf('## A complete example'));
		const json = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
		const r = parseEventFile(json, 'example.json');
		expect(r.ok ? [] : r.errors.map(formatFileError)).toEqual([]);
		if (!r.ok) return;
		const s = standingsOfFiles([r.value], Date.UTC(2026, 4, 16, 12));
		if (!s.ok) throw new Error('merge failed');
		const rows = s.value[0]!.standings.rows;
		// CZ-GEN-MISSING: 52:13.250 + 10 s; CZ-GEN-UNFINISHED: 212 + 40 (the 2 does not count).
		expect(rows.map((x) => [x.place, x.name, x.outcome.finalTimeMs, x.outcome.countedPieces])).toEqual([
			[1, 'Jana Nováková', 52 * 60_000 + 23_250, 499],
			[2, 'Petr Svoboda', null, 252]
		]);
		expect(s.value[0]!.standings.conflicts).toEqual([]);
	});

	it('Standings: they are for the --at moment; a finish whose check is pending already ranks (CZ-GEN-FINISH)', () => {
		const start = Date.UTC(2026, 4, 16, 8);
		const example = JSON.parse(jsonAfter('## A complete example'));
		const summary = (file: unknown, at: number) => scored(file, at).rows.map((r) => [r.name, r.place, r.outcome.status, r.outcome.check]);
		// 40 minutes in: both clocks run, no place yet.
		expect(summary(example, start + 40 * 60_000)).toEqual([
			['Jana Nováková', null, 'running', 'none'],
			['Petr Svoboda', null, 'running', 'none']
		]);
		// 52:20: Jana's hand is raised (52:13.250); her check (52:43) counts whatever its time.
		expect(summary(example, start + 52 * 60_000 + 20_000)).toEqual([
			['Jana Nováková', 1, 'finished', 'confirmed'],
			['Petr Svoboda', null, 'running', 'none']
		]);
		// Without her check in the file she ranks all the same.
		const unchecked = { ...example, log: example.log.filter((e: { id: string }) => e.id !== 'tab-1-5' && e.id !== 'tab-1-6') };
		expect(summary(unchecked, start + 95 * 60_000)[0]).toEqual(['Jana Nováková', 1, 'finished', 'pending']);
		// After the limit the standings no longer change with the moment.
		expect(scored(example, start + 95 * 60_000).rows).toEqual(scored(example, start + 500 * 60_000).rows);
	});

	it('documents every conflict and warning kind', () => {
		const section = doc.slice(doc.indexOf('### Conflicts'), doc.indexOf('## Validity of a file'));
		for (const kind of [...CONFLICT_KINDS, ...WARNING_KINDS]) expect(section, kind).toContain(`| \`${kind}\` |`);
	});

	it('Custom rulesets: the example’s fields on its preset make a valid ruleset; an invalid one is refused as the document shows', () => {
		const changes = JSON.parse(jsonAfter('## Custom rulesets'));
		const base = presetById(changes.basedOn.id)!;
		expect(base.version).toBe(changes.basedOn.version);
		const custom = RulesetSchema.safeParse({ ...base, ...changes });
		expect(custom.success ? [] : custom.error.issues).toEqual([]);
		expect(custom.data).toMatchObject({ id: 'club-300', rulebook: 'custom', timeLimitMs: 45 * 60_000 });

		const file = JSON.parse(jsonAfter('## A complete example'));
		file.setup.rulesets = [{ ...custom.data, previewMs: custom.data!.timeLimitMs }];
		file.setup.competitions[0].ruleset = { id: 'club-300', version: 1 };
		const r = parseEventFile(JSON.stringify(file), 'club.json');
		const shown = /## Custom rulesets[\s\S]*?```\n(club\.json: .*)\n```/.exec(doc)![1];
		expect(r.ok ? [] : r.errors.map(formatFileError)).toEqual([shown]);
	});

	it('documents every event type of the schema', () => {
		for (const type of [...ACTION_TYPES, 'correction']) expect(doc, type).toContain(`\`${type}\``);
	});

	it('its correction example is a valid event', () => {
		const section = doc.slice(doc.indexOf('### Corrections'));
		const json = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
		expect(JudgeEventSchema.safeParse(JSON.parse(json)).success).toBe(true);
	});
});
