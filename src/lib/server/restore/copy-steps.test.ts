import { describe, expect, it } from 'vitest';
import type { RestoreHeader } from '../backup-format';
import { busyEvent, eventRows } from '../backup.testkit';
import type { Store } from '../store';
import { copyDevices, copyDraws, copyHeatStarts, copyJudgeEvents, copyPublications, copyRegister, copyRulesetChanges, copySetUp, copyTableCards } from './copy-steps';
import { refusalOf, stagedPerTest } from './restore-steps.testkit';
import { StagedCopy } from './staged-copy';

/** The steps in restore-commit's order, each with the tables it writes. */
const STEPS: [string, (copy: StagedCopy, header: RestoreHeader) => unknown, string[]][] = [
	['copySetUp', (copy, header) => copySetUp(copy, header.event), ['events', 'rulesets', 'competitions', 'heats', 'entries']],
	['copyDevices', (copy) => copyDevices(copy), ['device_tokens', 'token_devices']],
	['copyJudgeEvents', (copy, header) => copyJudgeEvents(copy, header.exportedAt), ['judge_events']],
	['copyHeatStarts', (copy) => copyHeatStarts(copy), ['heat_starts']],
	['copyPublications', (copy) => copyPublications(copy), ['publications']],
	['copyRegister', (copy) => copyRegister(copy), ['people', 'registrations', 'registration_changes']],
	['copyRulesetChanges', (copy) => copyRulesetChanges(copy), ['ruleset_changes']],
	['copyDraws', (copy) => copyDraws(copy), ['draws']],
	['copyTableCards', (copy) => copyTableCards(copy), ['table_cards', 'card_tokens']]
];

describe('the copy steps, on a server without the event', () => {
	let source: Store;
	let target: Store;
	let header: RestoreHeader;
	stagedPerTest((f) => ({ source, target, backup: { header } } = f));

	it('each writes its tables as the server the backup came from holds them (server numbers too), parents first', () => {
		const copy = new StagedCopy(target.db, 'busy');
		const expected = eventRows(source, 'busy');
		for (const [step, run, tables] of STEPS) {
			for (const t of tables) expect(eventRows(target, 'busy')[t], `${t} before ${step}`).toEqual([]);
			run(copy, header);
			for (const t of tables) expect(eventRows(target, 'busy')[t], `${t} after ${step}`).toEqual(expected[t]);
		}
	});

	it("copyJudgeEvents: 'kept' when the numbers are free; a version-1 file's events (no number, no time of arrival) are numbered in order and arrived when the backup was made", () => {
		const copy = new StagedCopy(target.db, 'busy');
		copySetUp(copy, header.event);
		copyDevices(copy);
		target.db.exec('SAVEPOINT kept');
		expect(copyJudgeEvents(copy, header.exportedAt)).toBe('kept');
		target.db.exec('ROLLBACK TO kept; RELEASE kept');
		target.db.exec('UPDATE staging.judge_events SET server_seq = NULL, received_at = NULL');
		expect(copyJudgeEvents(copy, 1234)).toBe('renumbered');
		const rows = target.db.prepare("SELECT server_seq, received_at, id FROM main.judge_events WHERE event_id = 'busy' ORDER BY server_seq").all();
		const order = target.db.prepare('SELECT id FROM staging.judge_events ORDER BY ord').pluck().all();
		expect(rows).toEqual(order.map((id, i) => ({ server_seq: i + 1, received_at: 1234, id })));
	});

	it('copyJudgeEvents: a judge event ID twice in the backup is refused with 400 (only the backup can repeat one: the event is new here)', () => {
		const copy = new StagedCopy(target.db, 'busy');
		copySetUp(copy, header.event);
		copyDevices(copy);
		// Staged without its keys, to let a repeated ID through.
		target.db.exec(`CREATE TABLE staging.loose AS SELECT * FROM staging.judge_events; DROP TABLE staging.judge_events; ALTER TABLE staging.loose RENAME TO judge_events;
			UPDATE staging.judge_events SET id = (SELECT id FROM staging.judge_events WHERE ord = 1) WHERE ord = 2`);
		expect(refusalOf(() => copyJudgeEvents(copy, header.exportedAt))).toEqual({
			status: 400,
			message: expect.stringMatching(/^the backup holds a judge event ID, or a device's number, twice: UNIQUE constraint failed: .+; nothing was restored$/)
		});
	});
});

describe('the copy steps, on a server whose own events took the numbers', () => {
	let target: Store;
	let header: RestoreHeader;
	stagedPerTest(
		(f) => ({ target, backup: { header } } = f),
		(store) => void busyEvent(store, 'other', 'o')
	);

	it("copyJudgeEvents and copyHeatStarts: numbered after the highest here, in the backup's order", () => {
		const highest = (table: string, column: string) => target.db.prepare(`SELECT max(${column}) FROM main.${table}`).pluck().get() as number;
		const [events, starts] = [highest('judge_events', 'server_seq'), highest('heat_starts', 'seq')];
		const copy = new StagedCopy(target.db, 'busy');
		copySetUp(copy, header.event);
		copyDevices(copy);
		expect(copyJudgeEvents(copy, header.exportedAt)).toBe('renumbered');
		copyHeatStarts(copy);
		const numbers = (table: string, column: string) => target.db.prepare(`SELECT ${column} FROM main.${table} WHERE event_id = 'busy' ORDER BY ${column}`).pluck().all();
		const staged = (table: string) => target.db.prepare(`SELECT count(*) FROM staging.${table}`).pluck().get() as number;
		expect(numbers('judge_events', 'server_seq')).toEqual(Array.from({ length: staged('judge_events') }, (_, i) => events + 1 + i));
		expect(numbers('heat_starts', 'seq')).toEqual(Array.from({ length: staged('heat_starts') }, (_, i) => starts + 1 + i));
	});
});
