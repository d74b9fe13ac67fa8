import { z } from 'zod/mini';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, EventFileSchema } from './event-file';

/**
 * The JSON Schema of the event file (docs/event-file.schema.json), generated from
 * EventFileSchema with zod's z.toJSONSchema, so the document cannot drift from the code:
 * `npm run schema:events` writes it, and a test compares the committed file with this.
 *
 * - `io: 'input'`: the schema of what a file may contain (fields with a default, such as an
 *   entry's `members`, may be left out), not of the parsed value.
 * - `unrepresentable: 'any'`: a zod type without a JSON Schema equivalent would become `{}`
 *   (anything) instead of failing the generation. None is used today; the option keeps the
 *   generator working if one is added, and the test below the schema would show the `{}`.
 * - Refinements cannot be expressed: the cross-field rules (an entry event names an entry,
 *   a competition's ruleset is in the file, the self-contained rule …) are checked by the
 *   program only; docs/event-format.md lists them.
 */
export function eventFileJsonSchema(): Record<string, unknown> {
	const schema = z.toJSONSchema(EventFileSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
	const { $schema, ...rest } = schema;
	return {
		$schema,
		$id: 'https://puzzle-judge.invalid/schemas/event-file.schema.json',
		title: `Puzzle-judge event file (format "${EVENT_FILE_FORMAT}", version ${EVENT_FILE_VERSION})`,
		description:
			'An exported judge-event log with the set-up it refers to. Generated from EventFileSchema (src/lib/files/event-file.ts) by `npm run schema:events`; do not edit. Rules that JSON Schema cannot express (references between items, an entry event names an entry, …) are in docs/event-format.md.',
		...rest
	};
}

/** The committed file's exact text. */
export function eventFileJsonSchemaText(): string {
	return `${JSON.stringify(eventFileJsonSchema(), null, '\t')}\n`;
}
