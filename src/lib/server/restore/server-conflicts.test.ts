import { describe, expect, it } from 'vitest';
import { busyEvent } from '../backup.testkit';
import type { Store } from '../store';
import { refusalOf, stagedPerTest } from './restore-steps.testkit';
import { checkAgainstServer } from './server-conflicts';

let target: Store;
// The target holds another event, "other", with items of its own.
stagedPerTest(
	(f) => (target = f.target),
	(store) => void busyEvent(store, 'other', 'o')
);

const refusal = () => refusalOf(() => checkAgainstServer(target.db, 'busy'));
const theOther = (sql: string) => target.db.prepare(sql).pluck().get() as string;

describe('checkAgainstServer', () => {
	it("passes a backup that takes over nothing of another event (the same rulesets, with the same content, are no conflict)", () => {
		expect(target.db.prepare('SELECT count(*) FROM staging.rulesets s JOIN main.rulesets m USING (id, version)').pluck().get()).toBeGreaterThan(0);
		expect(refusal()).toBeUndefined();
	});

	it('a ruleset version here with other content: 409 (a ruleset version never changes)', () => {
		target.db.exec("UPDATE staging.rulesets SET json = json_set(json, '$.name', 'Changed') WHERE version = 1");
		expect(refusal()).toEqual({ status: 409, message: expect.stringMatching(/^line \d+: ruleset czjpa-individual version 1 is already on this server with other content \(a ruleset version never changes\)$/) });
	});

	it('the same ruleset content in another order of keys is the same version', () => {
		target.db.exec("UPDATE staging.rulesets SET json = json_set(json_remove(json, '$.name'), '$.name', json_extract(json, '$.name'))");
		expect(target.db.prepare('SELECT count(*) FROM staging.rulesets s JOIN main.rulesets m USING (id, version) WHERE s.json <> m.json').pluck().get()).toBeGreaterThan(0);
		expect(refusal()).toBeUndefined();
	});

	it("a device with another event's ID or token, a table card with another event's ID or secret: 409", () => {
		const cases: [string, RegExp][] = [
			[`UPDATE staging.devices SET id = '${theOther("SELECT id FROM main.device_tokens WHERE event_id = 'other' LIMIT 1")}' WHERE rowid = 1`, /device dev-\S+ is already on this server, in another event/],
			[`UPDATE staging.devices SET token_hash = '${theOther("SELECT token_hash FROM main.device_tokens WHERE event_id = 'other' LIMIT 1")}' WHERE rowid = 1`, /device \S+: its token is already on this server, in another event/],
			[`UPDATE staging.table_cards SET secret_hash = '${theOther("SELECT secret_hash FROM main.table_cards WHERE event_id = 'other' LIMIT 1")}' WHERE ord = 1`, /table card \S+ is already on this server, in another event/],
			[`UPDATE staging.table_cards SET id = '${theOther("SELECT id FROM main.table_cards WHERE event_id = 'other' LIMIT 1")}' WHERE ord = 1`, /table card \S+ is already on this server, in another event/]
		];
		for (const [change, message] of cases) {
			target.db.exec('SAVEPOINT one');
			target.db.exec(change);
			expect(refusal(), change).toEqual({ status: 409, message: expect.stringMatching(message) });
			target.db.exec('ROLLBACK TO one; RELEASE one');
			expect(refusal()).toBeUndefined();
		}
	});

	it('rulesets are checked first', () => {
		target.db.exec("UPDATE staging.rulesets SET json = json_set(json, '$.name', 'Changed') WHERE version = 1");
		target.db.exec(`UPDATE staging.devices SET id = '${theOther("SELECT id FROM main.device_tokens WHERE event_id = 'other' LIMIT 1")}' WHERE rowid = 1`);
		expect(refusal()?.message).toMatch(/ruleset czjpa-individual version 1 is already on this server/);
	});
});
