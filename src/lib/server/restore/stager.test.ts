import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { busyEvent } from '../backup.testkit';
import { RestoreStaging } from '../restore-staging';
import { Store } from '../store';
import { storePerTest } from '../store-per-test.testkit';
import { readBackupOf, refusalOf, type ReadBackup } from './restore-steps.testkit';
import { Stager } from './stager';

let backup: ReadBackup;
let staging: RestoreStaging;
storePerTest(
	(dir) => Store.open(dir),
	(source) => {
		busyEvent(source);
		backup = readBackupOf(source);
		staging = new RestoreStaging(dirname(source.file));
	}
);

// Before the store's directory goes (vitest runs afterEach hooks last registered first).
afterEach(() => staging.discard());

const rows = (table: string) => staging.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('Stager', () => {
	it('stages every item of the backup in the order read, and counts them by kind as the header does', () => {
		const stager = new Stager(staging, 'busy');
		for (const { item, where } of backup.items) stager.add(item, where);
		expect(stager.counts).toEqual(backup.header.counts);
		expect(stager.items).toBe(backup.items.length);
		expect(rows('judge_events')).toBe(backup.header.counts!.judgeEvent);
		expect(staging.db.prepare('SELECT src FROM competitions ORDER BY position').pluck().all()).toEqual(backup.items.filter((i) => i.item.kind === 'competition').map((i) => i.where));
	});

	it('refuses an item of another event before staging anything of it, and does not count it', () => {
		const stager = new Stager(staging, 'not-busy');
		const { item, where } = backup.items.find((i) => i.item.kind === 'competition')!;
		expect(refusalOf(() => stager.add(item, where))).toEqual({ status: 400, message: `${where}: competition b-q belongs to the event "busy", not to "not-busy" of this backup` });
		expect(rows('competitions')).toBe(0);
		expect(stager.items).toBe(0);
	});

	it('refuses judge events out of the order of their server numbers', () => {
		const stager = new Stager(staging, 'busy');
		const events = backup.items.filter((i) => i.item.kind === 'judgeEvent');
		stager.add(events[1]!.item, events[1]!.where);
		expect(refusalOf(() => stager.add(events[0]!.item, events[0]!.where))?.message).toMatch(/judge events must come in the order of their server numbers/);
		expect(rows('judge_events')).toBe(1);
	});

	it('an item twice is refused by the staging file’s keys', () => {
		const stager = new Stager(staging, 'busy');
		const { item, where } = backup.items.find((i) => i.item.kind === 'person')!;
		stager.add(item, where);
		expect(refusalOf(() => stager.add(item, 'line 99'))).toEqual({ status: 400, message: 'line 99: this person appears twice in the backup' });
	});
});
