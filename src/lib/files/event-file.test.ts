import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EventFileSchema, formatFileError, parseEventFile, type FileError } from './event-file';
import { findJsonSyntaxError, lineColumn } from './json-syntax';

const FIXTURES = new URL('../../../tests/fixtures/', import.meta.url);
const fixtureText = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/* eslint-disable @typescript-eslint/no-explicit-any */
/** The small file of bad-event.json with log[3] repaired: valid. */
function smallFile(): any {
	const f = JSON.parse(fixtureText('bad-event.json'));
	f.log[3].payload.missingPieces = 2;
	return f;
}
const text = (f: unknown) => JSON.stringify(f, null, 2);
const errorsOf = (f: unknown, name = 'small.json'): FileError[] => {
	const r = parseEventFile(typeof f === 'string' ? f : text(f), name);
	return r.ok ? [] : r.errors;
};
const lines = (f: unknown, name = 'small.json') => errorsOf(f, name).map(formatFileError);

describe('parseEventFile', () => {
	it('reads a valid file, with the schemas’ defaults applied', () => {
		const f = smallFile();
		delete f.setup.entries[0].members;
		const r = parseEventFile(text(f), 'small.json');
		expect(r.ok).toBe(true);
		if (!r.ok) return;
		expect(r.value.fileName).toBe('small.json');
		expect(r.value.file.log).toHaveLength(5);
		expect(r.value.file.setup.entries[0]!.members).toEqual([]);
		expect(r.value.file.deviceId).toBe('tab-x');
	});

	it('every fixture except bad-event.json is valid', () => {
		for (const name of ['czjpa-individual.json', 'czjpa-team-relay.json', 'es-adult-individual-tablet-a.json', 'es-adult-individual-tablet-b.json']) {
			const r = parseEventFile(fixtureText(name), name);
			expect(r.ok ? [] : r.errors.map(formatFileError), name).toEqual([]);
		}
	});

	it('a bad event: the file, the position log[3], the event ID, the field and the reason', () => {
		const errors = errorsOf(fixtureText('bad-event.json'), 'tests/fixtures/bad-event.json');
		expect(errors).toEqual([
			{
				file: 'tests/fixtures/bad-event.json',
				position: 'log[3]',
				item: { kind: 'event', id: 'tab-x-4' },
				field: 'payload.missingPieces',
				path: 'log[3].payload.missingPieces',
				message: expect.stringMatching(/expected number, received string/)
			}
		]);
		expect(formatFileError(errors[0]!)).toBe(
			'tests/fixtures/bad-event.json: log[3] (event tab-x-4): payload.missingPieces: Invalid input: expected number, received string'
		);
	});

	it('every bad event is reported at its own position, the others still validated', () => {
		const f = smallFile();
		f.log[1].seq = 0;
		f.log[3].payload.missingPieces = -1;
		f.log[4].type = 'check.maybe';
		f.log[2] = 'not an event';
		expect(lines(f)).toEqual([
			'small.json: log[1] (event tab-x-2): seq: Too small: expected number to be >=1',
			'small.json: log[2]: Invalid input: expected object, received string',
			'small.json: log[3] (event tab-x-4): payload.missingPieces: Too small: expected number to be >=0',
			expect.stringMatching(/^small\.json: log\[4\] \(event tab-x-5\): type: Invalid discriminator value/)
		]);
	});

	it('an event whose ID cannot be read is named by its position alone', () => {
		const f = smallFile();
		f.log[1].id = 17;
		expect(lines(f)).toEqual(['small.json: log[1]: id: Invalid input: expected string, received number']);
	});

	it('a rule across fields (an entry event names an entry) is reported on the field', () => {
		const f = smallFile();
		f.log[1].entryId = null;
		expect(lines(f)).toEqual(['small.json: log[1] (event tab-x-2): entryId: a hand.raised event names an entry']);
	});

	it('a bad correction replacement names the nested field', () => {
		const f = smallFile();
		f.log.push({
			...f.log[4],
			id: 'tab-x-6',
			seq: 6,
			type: 'correction',
			payload: { supersedes: 'tab-x-5', reason: 'wrong count', replacement: { type: 'check.confirmed', at: f.log[4].at, payload: { ref: 'tab-x-2', missingPieces: 1.5 } } }
		});
		expect(lines(f)).toEqual([
			'small.json: log[5] (event tab-x-6): payload.replacement.payload.missingPieces: Invalid input: expected int, received number'
		]);
	});

	it('bad set-up items name the list, the position, the item and the field', () => {
		const f = smallFile();
		f.setup.entries[1].name = '';
		f.setup.rulesets[0].awards.topN = -5;
		expect(lines(f)).toEqual([
			'small.json: setup.rulesets[0] (ruleset czjpa-individual v1): awards.topN: Too small: expected number to be >=0',
			'small.json: setup.entries[1] (entry bad-e2): name: Too small: expected string to have >=1 characters'
		]);
	});

	it('a missing envelope field', () => {
		const f = smallFile();
		delete f.exportedAt;
		f.setup.heats = {};
		expect(lines(f)).toEqual([
			'small.json: exportedAt: Invalid input: expected number, received undefined',
			'small.json: setup.heats: Invalid input: expected array, received object'
		]);
	});

	it('not an event file, or another version: one clear error', () => {
		expect(lines({ hello: 1 })).toEqual(['small.json: format: not a puzzle-judge event file: "format" must be "puzzle-judge-events" (found nothing)']);
		expect(lines([1, 2])).toEqual(['small.json: an event file is a JSON object with "format": "puzzle-judge-events"']);
		expect(lines({ ...smallFile(), version: 3 })).toEqual([
			'small.json: version: version 3 of the event format is not supported; this program reads versions 1 and 2'
		]);
		// Version 2 added the pieces missing from the box; a version-1 file reads as before.
		expect(lines({ ...smallFile(), version: 1 })).toEqual([]);
		expect(lines({ ...smallFile(), version: 2 })).toEqual([]);
	});

	it('bad JSON: line and column of the first error', () => {
		const bad = '{\n  "format": "puzzle-judge-events",\n  "version": 1,\n  "log": [1, 2,]\n}';
		const errors = errorsOf(bad, 'broken.json');
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatchObject({ file: 'broken.json', line: 4, column: 16 });
		expect(formatFileError(errors[0]!)).toBe('broken.json: line 4, column 16: not valid JSON: unexpected "]" (expected a value)');
	});

	it('a byte-order mark is allowed', () => {
		expect(errorsOf(`\ufeff${text(smallFile())}`)).toEqual([]);
	});
});

describe('the self-contained rule', () => {
	it('events must name a competition, heat and entry defined in the file', () => {
		const f = smallFile();
		f.log[1].entryId = 'ghost';
		f.log[2].heatId = 'other-heat';
		f.log[4].competitionId = 'elsewhere';
		f.log[0].payload.entryIds = ['bad-e1', 'nobody'];
		expect(lines(f)).toEqual([
			'small.json: log[0] (event tab-x-1): payload.entryIds[1]: entry "nobody" is not in the file\'s setup.entries',
			'small.json: log[1] (event tab-x-2): entryId: entry "ghost" is not in the file\'s setup.entries',
			'small.json: log[2] (event tab-x-3): heatId: heat "other-heat" is not in the file\'s setup.heats',
			'small.json: log[4] (event tab-x-5): competitionId: competition "elsewhere" is not in the file\'s setup.competitions'
		]);
	});

	it("each competition's ruleset {id, version} must be in the file", () => {
		const f = smallFile();
		f.setup.competitions[0].ruleset.version = 2;
		expect(lines(f)).toEqual([
			'small.json: setup.competitions[0] (competition bad-comp): ruleset: ruleset czjpa-individual version 2 is not in the file\'s setup.rulesets'
		]);
	});

	it("entries' heats and competitions, heats' competitions and competitions' days must exist", () => {
		const f = smallFile();
		f.setup.entries[0].heatId = 'h-missing';
		f.setup.entries[1].competitionId = 'c-missing';
		f.setup.heats.push({ id: 'h2', competitionId: 'c-other', name: 'Heat 2' });
		f.setup.competitions[0].eventId = 'day-missing';
		expect(lines(f)).toEqual([
			'small.json: setup.competitions[0] (competition bad-comp): eventId: event (day) "day-missing" is not in the file\'s setup.events',
			'small.json: setup.heats[1] (heat h2): competitionId: competition "c-other" is not in the file\'s setup.competitions',
			'small.json: setup.entries[0] (entry bad-e1): heatId: heat "h-missing" is not in the file\'s setup.heats',
			'small.json: setup.entries[1] (entry bad-e2): competitionId: competition "c-missing" is not in the file\'s setup.competitions'
		]);
	});

	it('two different items under one ID in one file are an error; an identical copy is not', () => {
		const f = smallFile();
		f.setup.entries.push({ ...f.setup.entries[0] });
		expect(lines(f)).toEqual([]);
		f.setup.entries.push({ ...f.setup.entries[0], name: 'Someone else' });
		expect(lines(f)).toEqual([
			'small.json: setup.entries[3] (entry bad-e1): another entry with the same ID and different content is at setup.entries[0]'
		]);
	});

	it('the event a correction supersedes may be in another file', () => {
		const f = smallFile();
		f.log.push({ ...f.log[4], id: 'tab-x-6', seq: 6, type: 'correction', payload: { supersedes: 'tab-y-9', reason: 'entered on tablet Y by mistake' } });
		expect(lines(f)).toEqual([]);
	});

	it('a broken set-up item does not bury its error under reference errors', () => {
		const f = smallFile();
		f.setup.heats[0].name = 42;
		expect(lines(f)).toEqual(['small.json: setup.heats[0] (heat bad-h1): name: Invalid input: expected string, received number']);
	});

	it('EventFileSchema alone applies the same rule (as a refinement)', () => {
		const f = smallFile();
		expect(EventFileSchema.safeParse(f).success).toBe(true);
		f.log[1].entryId = 'ghost';
		const r = EventFileSchema.safeParse(f);
		expect(r.success).toBe(false);
		expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['log.1.entryId', 'entry "ghost" is not in the file\'s setup.entries']]);
	});
});

describe('JSON syntax errors', () => {
	it.each([
		['{"a": }', 0, 7, 'unexpected "}" (expected a value)'],
		['{"a": 1', 0, 8, 'unexpected end of the text (expected "," or "}")'],
		['{"a": "x', 0, 7, 'unexpected "\\"x" (unterminated string (no closing double quote))'],
		['{"a": tru}', 0, 7, 'unexpected "tru" (not JSON)'],
		['{"a": 1} x', 0, 10, 'unexpected "x" (not JSON)'],
		['{\n\t"a": 01\n}', 1, 8, 'unexpected "1" (expected ",")'],
		["{'a': 1}", 0, 2, 'unexpected "\'a\'" (not JSON)'],
		['{"a": 1,}', 0, 9, 'unexpected "}" (expected a property name in double quotes)'],
		['', 0, 1, 'unexpected end of the text (expected a value)']
	])('%j: line %i+1, column %i', (t, lineOffset, column, message) => {
		const found = findJsonSyntaxError(t);
		expect(found?.message).toBe(message);
		expect(lineColumn(t, found!.offset)).toEqual({ line: lineOffset + 1, column });
	});

	it('valid JSON has none', () => {
		for (const t of ['{}', '[]', '0', '-1.5e+3', '"\\u00e9\\n"', ' {"a": [true, false, null, {"b": "c"}]} ']) expect(findJsonSyntaxError(t)).toBeNull();
	});
});
