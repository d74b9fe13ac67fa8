/**
 * A ruleset preset as JSON, to start a custom ruleset from (docs/event-format.md, Custom
 * rulesets):
 *
 *   npm run preset -- ID
 *
 * Exit status: 0 printed; 2 a usage error (no ID, an unknown ID, an unknown option): the
 * message on stderr names the preset IDs, nothing on stdout.
 */
import { parseArgs } from 'node:util';
import { PRESETS, presetById } from '$lib/rules/presets';
import { RulesetSchema } from '$lib/rules/schema';

const IDS = PRESETS.map((p) => `  ${p.id.padEnd(22)}${p.name}`).join('\n');

const USAGE = `Usage: npm run preset -- ID

Prints the ruleset preset ID as JSON (RulesetSchema's output, every default written out):
copy it into an event file's setup.rulesets, give it an id, a name and rulebook "custom",
and change what the competition needs (docs/event-format.md, "Custom rulesets").

Presets:
${IDS}

Exit status: 0 printed; 2 a usage error.`;

function main(argv: string[]): number {
	let args;
	try {
		args = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { help: { type: 'boolean', short: 'h' } } });
	} catch (e) {
		return usageError(e instanceof Error ? e.message : String(e));
	}
	if (args.values.help) {
		process.stdout.write(`${USAGE}\n`);
		return 0;
	}
	const [id, ...rest] = args.positionals;
	if (id === undefined) return usageError('no preset ID given');
	if (rest.length > 0) return usageError(`one preset ID, not ${args.positionals.length}`);
	const preset = presetById(id);
	if (!preset) return usageError(`no preset "${id}"`);
	// Parsed again for the schema's order of fields (id and name first); the value is the preset's.
	process.stdout.write(`${JSON.stringify(RulesetSchema.parse(preset), null, 2)}\n`);
	return 0;
}

function usageError(message: string): number {
	process.stderr.write(`preset: ${message}\n\n${USAGE}\n`);
	return 2;
}

process.exitCode = main(process.argv.slice(2));
