/** npm run preset -- ID: a preset as JSON, to start a custom ruleset from. */
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveRuleset } from '../src/lib/rules/derive';
import { PRESETS, presetById } from '../src/lib/rules/presets';
import { RulesetSchema } from '../src/lib/rules/schema';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SLOW = 60_000;

function preset(...args: string[]) {
	const r = spawnSync('node_modules/.bin/tsx', ['scripts/preset.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
	if (r.error) throw r.error;
	return r;
}

/** The same, without waiting: several runs at once. */
function presetAsync(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile('node_modules/.bin/tsx', ['scripts/preset.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
			resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
		);
	});
}

describe('npm run preset', () => {
	it('prints the preset as JSON: a valid ruleset, the preset itself, id and name first', () => {
		const r = preset('es-adult-individual');
		expect([r.status, r.stderr]).toEqual([0, '']);
		const printed = JSON.parse(r.stdout);
		expect(printed).toEqual(presetById('es-adult-individual'));
		expect(RulesetSchema.safeParse(printed).success).toBe(true);
		expect(Object.keys(printed).slice(0, 4)).toEqual(['schemaVersion', 'id', 'version', 'name']);
	}, SLOW);

	it('what it prints starts a custom ruleset as docs/event-format.md says: new id, name, rulebook "custom"', () => {
		const base = JSON.parse(preset('czjpa-individual').stdout);
		const changes = { format: { kind: 'single' as const, puzzle: { id: 'puzzle', pieces: 300 } }, timeLimitMs: 45 * 60_000 };
		const custom = RulesetSchema.safeParse({ ...base, ...changes, id: 'club-300', name: 'Club 300', rulebook: 'custom', basedOn: { id: base.id, version: base.version } });
		// The same as the program's own way of deriving one (rules/derive.ts).
		const derived = deriveRuleset(presetById('czjpa-individual')!, 'club-300', 'Club 300', changes);
		expect(derived.ok && custom.success && custom.data).toEqual(derived.ok && derived.value);
		expect(custom.success).toBe(true);
	}, SLOW);

	it('an unknown ID: exit 2, the ID and every preset ID on stderr, nothing on stdout', () => {
		const r = preset('czjpa-pairs');
		expect(r.status).toBe(2);
		expect(r.stdout).toBe('');
		expect(r.stderr.split('\n')[0]).toBe('preset: no preset "czjpa-pairs"');
		for (const p of PRESETS) expect(r.stderr).toContain(`  ${p.id} `);
	}, SLOW);

	it('no ID, two IDs or an unknown option: exit 2 with the usage; --help: exit 0', async () => {
		const cases = [
			[[], 'preset: no preset ID given'],
			[['czjpa-individual', 'es-adult-group'], 'preset: one preset ID, not 2'],
			[['--all'], "preset: Unknown option '--all'."]
		] as const;
		const [help, ...runs] = await Promise.all([presetAsync('--help'), ...cases.map(([args]) => presetAsync(...args))]);
		cases.forEach(([args, first], i) => {
			const r = runs[i]!;
			expect([r.status, r.stdout, r.stderr.split('\n')[0]!.slice(0, first.length)], args.join(' ')).toEqual([2, '', first]);
			expect(r.stderr).toContain('Usage: npm run preset -- ID');
		});
		expect([help!.status, help!.stderr]).toEqual([0, '']);
		expect(help!.stdout).toContain('es-family-group');
	}, SLOW);
});
