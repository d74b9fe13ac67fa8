import { describe, expect, it } from 'vitest';
import { busyEvent } from '../backup.testkit';
import type { RestoreHeader } from '../backup-format';
import type { Store } from '../store';
import { copySetUp } from './copy-steps';
import { stagedPerTest } from './restore-steps.testkit';
import { StagedCopy } from './staged-copy';

/** The restored event and its set-up, which the numbered rows name (foreign keys). */
function withSetUp(target: Store, header: RestoreHeader): StagedCopy {
	const copy = new StagedCopy(target.db, 'busy');
	copySetUp(copy, header.event);
	return copy;
}

const copyRulesetChanges = (copy: StagedCopy) =>
	copy.numbered('ruleset_changes', (number) => `INSERT INTO main.ruleset_changes (seq, event_id, competition_id, json) SELECT ${number}, @e, competition_id, json FROM staging.ruleset_changes ORDER BY ord`);
const seqs = (target: Store) => target.db.prepare("SELECT seq FROM main.ruleset_changes WHERE event_id = 'busy' ORDER BY seq").pluck().all();
const staged = (target: Store) => target.db.prepare('SELECT seq FROM staging.ruleset_changes ORDER BY ord').pluck().all() as number[];

describe('StagedCopy on a server without those numbers', () => {
	let target: Store;
	let header: RestoreHeader;
	stagedPerTest((f) => ({ target, backup: { header } } = f));

	it('runs a statement with the event as @e, and the parameters given', () => {
		new StagedCopy(target.db, 'busy').run("INSERT INTO main.events (id, name, date) VALUES (@e, @name, '2026-05-16')", { name: 'Named' });
		expect(target.getEvent('busy')).toMatchObject({ id: 'busy', name: 'Named' });
	});

	it('keeps the staged numbers when none of them is in use here', () => {
		// Numbers no renumbering would give (after the highest here, 0, in the order read).
		target.db.exec('UPDATE staging.ruleset_changes SET seq = seq + 6');
		const copy = withSetUp(target, header);
		expect(copyRulesetChanges(copy)).toBe(true);
		expect(seqs(target)).toEqual(staged(target));
		expect(seqs(target)[0]).toBeGreaterThan(6);
	});
});

describe('StagedCopy on a server whose own rows took those numbers', () => {
	let target: Store;
	let header: RestoreHeader;
	stagedPerTest(
		(f) => ({ target, backup: { header } } = f),
		(store) => void busyEvent(store, 'other', 'o')
	);

	it('numbers them after the highest here, in the order read', () => {
		const highest = target.db.prepare('SELECT max(seq) FROM main.ruleset_changes').pluck().get() as number;
		expect(staged(target)).toContain(highest);
		const copy = withSetUp(target, header);
		expect(copyRulesetChanges(copy)).toBe(false);
		expect(seqs(target)).toEqual(staged(target).map((_, i) => highest + 1 + i));
	});
});
