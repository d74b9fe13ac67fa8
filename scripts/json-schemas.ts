/**
 * Writes the generated JSON Schemas of docs/ (npm run schemas): the event file
 * (docs/event-file.schema.json) and the CLI's standings (docs/standings.schema.json).
 * With --check, writes nothing and exits 1 when a committed file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GENERATED_JSON_SCHEMAS, jsonSchemaText } from '$lib/files/json-schema';

const check = process.argv.includes('--check');
for (const { path, schema } of GENERATED_JSON_SCHEMAS) {
	const target = fileURLToPath(new URL(`../${path}`, import.meta.url));
	const text = jsonSchemaText(schema());
	if (check) {
		let current = '';
		try {
			current = readFileSync(target, 'utf8');
		} catch {
			// missing: out of date
		}
		if (current !== text) {
			process.stderr.write(`${target} is out of date: run npm run schemas\n`);
			process.exitCode = 1;
		} else process.stdout.write(`${target} is up to date\n`);
	} else {
		writeFileSync(target, text);
		process.stdout.write(`wrote ${target} (${text.length} characters)\n`);
	}
}
