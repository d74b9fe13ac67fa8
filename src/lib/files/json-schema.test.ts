import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import { eventFileJsonSchema, GENERATED_JSON_SCHEMAS, jsonSchemaText, standingsJsonSchema } from './json-schema';
import { jsonSchemaProblems } from './json-schema-check.testkit';
import type { CliStandingsJson } from './format';
import type { StandingsJsonSchema } from './standings-json';

const ROOT = new URL('../../../', import.meta.url);

describe('the generated JSON Schemas of docs/', () => {
	for (const { path, schema } of GENERATED_JSON_SCHEMAS) {
		it(`${path} is exactly what its zod schema generates (run npm run schemas after changing a schema)`, () => {
			expect(readFileSync(new URL(path, ROOT), 'utf8')).toBe(jsonSchemaText(schema()));
		});

		it(`${path}: no zod type fell back to "anything" (unrepresentable: any)`, () => {
			// A fallback shows as an empty schema {} where a type was expected.
			const empty: string[] = [];
			const walk = (v: unknown, at: string) => {
				if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
				else if (v && typeof v === 'object') {
					for (const [k, x] of Object.entries(v)) {
						if (k !== 'properties' && k !== 'default' && x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0) empty.push(`${at}.${k}`);
						walk(x, `${at}.${k}`);
					}
				}
			};
			walk(schema(), '');
			expect(empty).toEqual([]);
		});
	}
});

describe('docs/event-file.schema.json', () => {
	it('describes the envelope, with the set-up lists and the log required', () => {
		const s = eventFileJsonSchema() as { type: string; required: string[]; properties: Record<string, unknown> };
		expect(s.type).toBe('object');
		expect(s.required.sort()).toEqual(['exportedAt', 'format', 'log', 'setup', 'version']);
		expect(s.properties.format).toEqual({ type: 'string', const: 'puzzle-judge-events' });
	});

	it('every event file of tests/fixtures is valid by it', () => {
		const files = readdirSync(new URL('tests/fixtures/', ROOT)).filter((f) => f.endsWith('.json') && !f.startsWith('backup-') && f !== 'bad-event.json');
		expect(files.length).toBeGreaterThan(3);
		for (const f of files) expect(jsonSchemaProblems(eventFileJsonSchema(), JSON.parse(readFileSync(new URL(`tests/fixtures/${f}`, ROOT), 'utf8'))), f).toEqual([]);
		const bad = JSON.parse(readFileSync(new URL('tests/fixtures/bad-event.json', ROOT), 'utf8'));
		expect(jsonSchemaProblems(eventFileJsonSchema(), bad).join('\n')).toBe('$.log[3]: 0 of the oneOf alternatives match');
	});
});

describe('docs/standings.schema.json', () => {
	it('one object per competition, every part required, nothing else', () => {
		const s = standingsJsonSchema() as { type: string; items: { required: string[]; additionalProperties: boolean } };
		expect(s.type).toBe('array');
		expect(s.items.required.sort()).toEqual(['at', 'competition', 'conflicts', 'rows', 'ruleset', 'tieForFirst', 'warnings']);
		expect(s.items.additionalProperties).toBe(false);
	});

	it('is the type of what the CLI prints (format.ts, cliStandingsJson), both ways', () => {
		expectTypeOf<CliStandingsJson[]>().toExtend<z.output<typeof StandingsJsonSchema>>();
		expectTypeOf<z.output<typeof StandingsJsonSchema>>().toExtend<CliStandingsJson[]>();
	});
});
