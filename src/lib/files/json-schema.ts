import { z } from 'zod/mini';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, EventFileSchema } from './event-file';
import { StandingsJsonSchema } from './standings-json';

/**
 * The JSON Schemas of what the program reads and writes, generated from the zod schemas with
 * zod's z.toJSONSchema, so the documents cannot drift from the code: `npm run schemas` writes
 * them to docs/, and a test compares the committed files with these.
 *
 * - `io`: the event file's schema says what a file may contain (`input`: fields with a
 *   default, such as an entry's `members`, may be left out); the standings' what the CLI
 *   prints (`output`).
 * - `unrepresentable: 'any'`: a zod type without a JSON Schema equivalent would become `{}`
 *   (anything) instead of failing the generation. None is used today; the option keeps the
 *   generator working if one is added, and a test would show the `{}`.
 * - Refinements cannot be expressed: the cross-field rules (an entry event names an entry,
 *   a competition's ruleset is in the file, the self-contained rule …) are checked by the
 *   program only; docs/event-format.md lists them.
 */
export interface GeneratedJsonSchema {
	/** Where it is committed, from the repository's root. */
	path: string;
	schema: () => Record<string, unknown>;
}

function generate(
	schema: z.core.$ZodType,
	io: 'input' | 'output',
	about: { id: string; title: string; description: string }
): Record<string, unknown> {
	const { $schema, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
	return { $schema, $id: `https://puzzle-judge.invalid/schemas/${about.id}`, title: about.title, description: about.description, ...rest };
}

export function eventFileJsonSchema(): Record<string, unknown> {
	return generate(EventFileSchema, 'input', {
		id: 'event-file.schema.json',
		title: `Puzzle-judge event file (format "${EVENT_FILE_FORMAT}", version ${EVENT_FILE_VERSION})`,
		description:
			'An exported judge-event log with the set-up it refers to. Generated from EventFileSchema (src/lib/files/event-file.ts) by `npm run schemas`; do not edit. Rules that JSON Schema cannot express (references between items, an entry event names an entry, …) are in docs/event-format.md.'
	});
}

export function standingsJsonSchema(): Record<string, unknown> {
	return generate(StandingsJsonSchema, 'output', {
		id: 'standings.schema.json',
		title: 'Puzzle-judge standings (npm run standings -- --format json)',
		description:
			'What `npm run standings -- --format json` prints: one object per competition, with its standings at the `--at` moment (default: now), its conflicts and its warnings. Generated from StandingsJsonSchema (src/lib/files/standings-json.ts) by `npm run schemas`; do not edit. docs/event-format.md, "Standings", says what the fields mean.'
	});
}

export const GENERATED_JSON_SCHEMAS: readonly GeneratedJsonSchema[] = [
	{ path: 'docs/event-file.schema.json', schema: eventFileJsonSchema },
	{ path: 'docs/standings.schema.json', schema: standingsJsonSchema }
];

/** A committed file's exact text. */
export function jsonSchemaText(schema: Record<string, unknown>): string {
	return `${JSON.stringify(schema, null, '\t')}\n`;
}
