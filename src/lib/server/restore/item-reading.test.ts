import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupValue } from '../backup-reader';
import { backupLinesOf, busyEvent, T0, type Line } from '../backup.testkit';
import { RestoreStaging } from '../restore-staging';
import { Store } from '../store';
import { storePerTest } from '../store-per-test.testkit';
import { stageItems } from './item-reading';
import { Stager } from './stager';

let lines: Line[];
let staging: RestoreStaging;
storePerTest(
	(dir) => Store.open(dir),
	(source) => {
		busyEvent(source);
		lines = backupLinesOf(source, 'busy', T0);
		staging = new RestoreStaging(dirname(source.file));
	}
);
// Before the store's directory goes (vitest runs afterEach hooks last registered first).
afterEach(() => staging.discard());

/** The lines after the header, as backup-reader.ts gives them. */
async function* valuesOf(body: readonly Line[]): AsyncGenerator<BackupValue> {
	for (const [i, value] of body.entries()) yield { where: `line ${i + 2}`, value };
}

async function read(body: readonly Line[], every = 1000) {
	const stager = new Stager(staging, 'busy');
	const reports: number[] = [];
	try {
		await stageItems(valuesOf(body), stager, { every, report: (n) => reports.push(n) });
		return { stager, reports, refused: undefined };
	} catch (e) {
		return { stager, reports, refused: e as { status: number; body: { message: string } } };
	}
}

describe('stageItems', () => {
	it('stages every item to the last line, reporting every so many items', async () => {
		const { stager, reports, refused } = await read(lines.slice(1), 5);
		expect(refused).toBeUndefined();
		expect(stager.items).toBe(lines.length - 2);
		expect(reports).toEqual(Array.from({ length: Math.floor(stager.items / 5) }, (_, i) => 5 * (i + 1)));
	});

	it('refuses with 400 a file cut before its last line, a line after it, a line that is not an item, an item zod refuses, or counts that differ', async () => {
		const body = lines.slice(1);
		const end = body.at(-1)!;
		const cases: [Line[], RegExp][] = [
			[body.slice(0, -1), /^the backup ends before its last line: the file is incomplete/],
			[[...body, body[0]!], new RegExp(`^line ${body.length + 2}: the backup goes on after its last line$`)],
			[[{ kind: 'video' }, ...body], /^line 2: not an item of a backup \(kind: "video"\)$/],
			[[{ ...body[0]!, ruleset: { id: 'x' } }, ...body.slice(1)], /^line 2: .+/],
			[[...body.slice(0, -1), { ...end, counts: { ...(end.counts as object), heat: 99 } }], /^the backup's last line counts 99 items of kind heat, the file holds \d+: the file is incomplete or was changed$/]
		];
		for (const [changed, message] of cases) {
			staging.discard();
			staging = new RestoreStaging(dirname(staging.file));
			const { refused } = await read(changed);
			expect(refused?.status, String(message)).toBe(400);
			expect(refused?.body.message).toMatch(message);
		}
	});
});
