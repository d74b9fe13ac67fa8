import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_TYPES } from '$lib/events/action-types';
import { JudgeEventSchema } from '$lib/events/schema';
import { formatFileError, parseEventFile } from './event-file';
import { standingsOfFiles } from './merge';

const doc = readFileSync(new URL('../../../docs/event-format.md', import.meta.url), 'utf8');

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

	it('documents every event type of the schema', () => {
		for (const type of [...ACTION_TYPES, 'correction']) expect(doc, type).toContain(`\`${type}\``);
	});

	it('its correction example is a valid event', () => {
		const section = doc.slice(doc.indexOf('### Corrections'));
		const json = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
		expect(JudgeEventSchema.safeParse(JSON.parse(json)).success).toBe(true);
	});
});
