import { describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { BACKUP_CHECKS, checkBackupOnItsOwn } from './backup-consistency';
import { refusalOf, stagedPerTest } from './restore-steps.testkit';

let target: Store;
stagedPerTest((f) => (target = f.target));

const refusal = () => refusalOf(() => checkBackupOnItsOwn(target.db, 'busy'));

/** Each check of the backup on its own, shown failing on one staged row changed (issue 12, point 1). */
const CASES: [string, string, RegExp][] = [
	['a ruleset the backup does not hold', "UPDATE staging.competitions SET ruleset_version = 99 WHERE id = 'b-q'", /competition b-q uses ruleset czjpa-individual version 99, which the backup does not hold/],
	['advancing to a competition not in the backup', "UPDATE staging.competitions SET advances_to_id = 'o-f' WHERE id = 'b-q'", /competition b-q advances to competition o-f, which is not a competition of the event "busy" in this backup/],
	['a heat of another competition', "UPDATE staging.heats SET competition_id = 'o-q' WHERE id = 'b-q-h1'", /heat b-q-h1 is in competition o-q, which is not a competition of the event "busy" in this backup/],
	['an entry of another competition', "UPDATE staging.entries SET competition_id = 'o-q' WHERE id = 'b-q-e1'", /entry b-q-e1 is in competition o-q, which is not a competition of the event "busy" in this backup/],
	['an entry in a heat of another competition', "UPDATE staging.entries SET heat_id = 'b-f-h1' WHERE id = 'b-q-e1'", /entry b-q-e1 is in heat b-f-h1, which is not a heat of its competition in this backup/],
	['a judge event of a token not in the backup', "UPDATE staging.judge_events SET token_id = 'dev-x' WHERE ord = 1", /judge event \S+ was pushed with the token dev-x, which is not a device of this backup/],
	['a heat start of a heat not in the backup', "UPDATE staging.heat_starts SET heat_id = 'o-q-h2'", /heat start b-start-1 names the heat b-q \/ o-q-h2, which is not a heat of a competition in this backup/],
	['a heat start of a token not in the backup', "UPDATE staging.heat_starts SET token_id = 'dev-x'", /heat start b-start-1 was made with the token dev-x, which is not a device of this backup/],
	['a publication of another competition', "UPDATE staging.publications SET competition_id = 'o-q' WHERE version = 1", /publication o-q version 1 is of competition o-q, which is not a competition of the event "busy" in this backup/],
	['a registration for another competition', "UPDATE staging.registrations SET competition_id = 'o-q' WHERE id = 'b-reg-0'", /registration b-reg-0 is for competition o-q, which is not a competition of the event "busy" in this backup/],
	['a registration naming a person not in the backup', "UPDATE staging.registrations SET json = json_set(json, '$.memberIds', json_array('o-person-0')) WHERE id = 'b-reg-0'", /registration b-reg-0 names the person o-person-0, who is not a person of the event "busy" in this backup/],
	['a change of the register about a person not in it', "UPDATE staging.registration_changes SET person_id = 'o-person-0' WHERE ord = 1", /change \d+ of the register is about o-person-0, who or which is not in the register of the event "busy" in this backup/],
	['CZ-TEAM-DRAW: a draw of another competition', "UPDATE staging.draws SET competition_id = 'o-q'", /draw b-draw-1 is of competition o-q, which is not a competition of the event "busy" in this backup/],
	[
		'issue 29 #5: a turn draw in force assigning a heat of another competition',
		`INSERT INTO staging.draws (id, competition_id, kind, made_at, json, src) VALUES ('b-turns', 'b-q', 'turns', 0, '{"assigned":{"b-q-e1":"o-q-h1"},"superseded":null}', 'line 99')`,
		/^line 99: draw b-turns assigns b-q-e1 to heat o-q-h1, which is not a heat of its competition in the event "busy" of this backup$/
	],
	['a table card for a heat of another competition', "UPDATE staging.table_cards SET heat_id = 'o-q-h1' WHERE ord = 1", /table card \S+ is for heat o-q-h1, which is not a heat of its competition in the event "busy" of this backup/],
	['a table card naming a token not in the backup', "UPDATE staging.table_cards SET token_ids = json_array('dev-x') WHERE ord = 1", /table card \S+ names the token dev-x, which is not a judge device of this backup/],
	['a token named by two table cards', 'UPDATE staging.table_cards SET token_ids = (SELECT token_ids FROM staging.table_cards WHERE ord = 1) WHERE ord = 2', /the token \S+ is named by 2 table cards: a tablet pairs by one card/],
	['CZ-GEN-CHANGES: a ruleset change of another competition', "UPDATE staging.ruleset_changes SET competition_id = 'o-f'", /ruleset change \d+ is of competition o-f, which is not a competition of the event "busy" in this backup/],
	['CZ-GEN-CHANGES: a ruleset change naming a version not in the backup', 'UPDATE staging.ruleset_changes SET from_version = 7', /ruleset change \d+ names ruleset czjpa-individual version 7, which the backup does not hold/],
	['issue 33 #3: a protest against a version not in the backup', 'UPDATE staging.protests SET publication_version = 9', /protest b-protest-1 is against b-q version 9, which is not a published version of a competition of the event "busy" in this backup/],
	['issue 33 #3: a protest about an entry of another competition', "UPDATE staging.protests SET entry_ids = json_array('b-q-e2', 'o-q-e1')", /protest b-protest-1 is about the entry o-q-e1, which is not an entry of its competition in this backup/],
	['issue 33 #3: a protest naming a correction event not about its entries', "UPDATE staging.protests SET correction_event_ids = json_array((SELECT id FROM staging.judge_events WHERE entry_id = 'b-q-e1' LIMIT 1))", /protest b-protest-1 names the correction event \S+, which is not an event of this backup about one of its entries/],
	['issue 33: a photo of another competition', "UPDATE staging.photos SET competition_id = 'o-q'", /photo [0-9a-f]{64} is of competition o-q, which is not a competition of the event "busy" in this backup/],
	['issue 33: a photo sent with a token not in the backup', "UPDATE staging.photos SET device_id = 'dev-x'", /photo [0-9a-f]{64} was sent with the token dev-x, which is not a device of this backup/]
];

describe('checkBackupOnItsOwn', () => {
	it('passes a backup whose items all belong to its event', () => {
		expect(refusal()).toBeUndefined();
	});

	it.each(CASES)('refuses %s with 400, naming the item and its line', (_, change, message) => {
		target.db.exec(change);
		const answer = refusal();
		expect(answer).toEqual({ status: 400, message: expect.stringMatching(message) });
		expect(answer!.message).toMatch(/^line \d+: /);
	});

	it('shows each of its checks failing (one case a check), all with 400', () => {
		expect(CASES.length).toBe(BACKUP_CHECKS.length);
		expect(new Set(BACKUP_CHECKS.map((c) => c.status))).toEqual(new Set([400]));
	});

	it('a superseded turn draw is only a record: the heats it names may be gone', () => {
		target.db.exec(`INSERT INTO staging.draws (id, competition_id, kind, made_at, json, src) VALUES ('b-turns', 'b-q', 'turns', 0, '{"assigned":{"b-q-e1":"o-q-h1"},"superseded":{"at":1}}', 'line 99')`);
		expect(refusal()).toBeUndefined();
	});

	it('the first check in order refuses, when several would', () => {
		target.db.exec("UPDATE staging.entries SET competition_id = 'o-q' WHERE id = 'b-q-e1'");
		target.db.exec("UPDATE staging.heats SET competition_id = 'o-q' WHERE id = 'b-q-h2'");
		expect(refusal()?.message).toMatch(/heat b-q-h2 is in competition o-q/);
	});
});
