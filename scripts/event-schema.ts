/**
 * Writes docs/event-file.schema.json from EventFileSchema (npm run schema:events).
 * With --check, writes nothing and exits 1 when the committed file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventFileJsonSchemaText } from '$lib/files/json-schema';

const target = fileURLToPath(new URL('../docs/event-file.schema.json', import.meta.url));
const text = eventFileJsonSchemaText();

if (process.argv.includes('--check')) {
	let current = '';
	try {
		current = readFileSync(target, 'utf8');
	} catch {
		// missing: out of date
	}
	if (current !== text) {
		process.stderr.write(`${target} is out of date: run npm run schema:events\n`);
		process.exitCode = 1;
	} else process.stdout.write(`${target} is up to date\n`);
} else {
	writeFileSync(target, text);
	process.stdout.write(`wrote ${target} (${text.length} characters)\n`);
}
