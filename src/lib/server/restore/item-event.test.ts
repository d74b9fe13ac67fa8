import { describe, expect, it } from 'vitest';
import type { BackupItem } from '../backup-format';
import { Store } from '../store';
import { busyEvent } from '../backup.testkit';
import { storePerTest } from '../store-per-test.testkit';
import { refuseItemOfOtherEvent } from './item-event';
import { readBackupOf, refusalOf } from './restore-steps.testkit';

let items: BackupItem[];
storePerTest(
	(dir) => Store.open(dir),
	(source) => {
		busyEvent(source);
		items = readBackupOf(source).items.map((i) => i.item);
	}
);

const first = <K extends BackupItem['kind']>(kind: K) => items.find((i) => i.kind === kind) as Extract<BackupItem, { kind: K }>;
const refusal = (item: BackupItem) => refusalOf(() => refuseItemOfOtherEvent(item, 'busy', 'line 7'));

describe('refuseItemOfOtherEvent', () => {
	it("passes every item of the backup's own event", () => {
		for (const item of items) expect(refusal(item), item.kind).toBeUndefined();
	});

	it('refuses with 400 each kind of item that names another event, saying which item, its event and its line', () => {
		const c = first('competition');
		const p = first('publication');
		const cases: [BackupItem, string][] = [
			[{ ...c, competition: { ...c.competition, eventId: 'other' } }, 'line 7: competition b-q belongs to the event "other", not to "busy" of this backup'],
			[{ ...p, publication: { ...p.publication, eventId: 'other' } }, 'line 7: publication b-q version 1 is not of a competition of the event "busy" in this backup'],
			[{ ...first('merge'), merge: { ...first('merge').merge, eventId: 'other' } }, 'line 7: merge b-merge-1 belongs to the event "other", not to "busy" of this backup'],
			[{ ...first('person'), person: { ...first('person').person, eventId: 'other' } }, 'line 7: person b-person-0 belongs to the event "other", not to "busy" of this backup'],
			[{ ...first('registration'), registration: { ...first('registration').registration, eventId: 'other' } }, 'line 7: registration b-reg-0 belongs to the event "other", not to "busy" of this backup'],
			[{ ...first('registrationChange'), change: { ...first('registrationChange').change, eventId: 'other' } }, `line 7: change ${first('registrationChange').change.seq} of the register belongs to the event "other", not to "busy" of this backup`],
			[{ ...first('rulesetChange'), eventId: 'other' }, `line 7: ruleset change ${first('rulesetChange').seq} belongs to the event "other", not to "busy" of this backup`],
			[{ ...first('draw'), draw: { ...first('draw').draw, eventId: 'other' } }, 'line 7: draw b-draw-1 belongs to the event "other", not to "busy" of this backup']
		];
		for (const [item, message] of cases) expect(refusal(item), item.kind).toEqual({ status: 400, message });
	});

	it("a publication whose snapshot shows another event or another competition is not the event's", () => {
		const p = first('publication');
		const snapshot = p.publication.snapshot;
		expect(refusal({ ...p, publication: { ...p.publication, snapshot: { ...snapshot, event: { ...snapshot.event, id: 'other' } } } })?.status).toBe(400);
		expect(refusal({ ...p, publication: { ...p.publication, snapshot: { ...snapshot, competition: { ...snapshot.competition, id: 'b-f' } } } })?.status).toBe(400);
	});
});
