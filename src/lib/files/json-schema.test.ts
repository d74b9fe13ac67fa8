import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventFileJsonSchema, eventFileJsonSchemaText } from './json-schema';

describe('docs/event-file.schema.json', () => {
	it('is exactly what EventFileSchema generates (run npm run schema:events after changing a schema)', () => {
		const committed = readFileSync(new URL('../../../docs/event-file.schema.json', import.meta.url), 'utf8');
		expect(committed).toBe(eventFileJsonSchemaText());
	});

	it('describes the envelope, with the set-up lists and the log required', () => {
		const s = eventFileJsonSchema() as { type: string; required: string[]; properties: Record<string, unknown> };
		expect(s.type).toBe('object');
		expect(s.required.sort()).toEqual(['exportedAt', 'format', 'log', 'setup', 'version']);
		expect(s.properties.format).toEqual({ type: 'string', const: 'puzzle-judge-events' });
	});

	it('no zod type fell back to "anything" (unrepresentable: any)', () => {
		// A fallback shows as an empty schema {} where a type was expected.
		const empty: string[] = [];
		const walk = (v: unknown, path: string) => {
			if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
			else if (v && typeof v === 'object') {
				for (const [k, x] of Object.entries(v)) {
					if (k !== 'properties' && k !== 'default' && x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 0) empty.push(`${path}.${k}`);
					walk(x, `${path}.${k}`);
				}
			}
		};
		walk(eventFileJsonSchema(), '');
		expect(empty).toEqual([]);
	});
});
