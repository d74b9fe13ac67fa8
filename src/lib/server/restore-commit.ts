import type { BackupCounts, RestoreHeader } from './backup-format';
import { checkBackupOnItsOwn } from './restore/backup-consistency';
import { copyDevices, copyDraws, copyHeatStarts, copyJudgeEvents, copyPublications, copyRegister, copyProtests, copyPhotos, copyRulesetChanges, copySetUp, copyTableCards } from './restore/copy-steps';
import { replaceUntouchedDemo } from './restore/demo-replacement';
import { replayMerges } from './restore/merge-replay';
import { checkAgainstServer } from './restore/server-conflicts';
import { StagedCopy } from './restore/staged-copy';
import { stagedCounts } from './restore/staged-counts';
import type { Store } from './store';

/**
 * The last step of a restore (restore.ts): the backup's items, read and staged (restore-staging.ts),
 * are checked against each other and against this server, then written in one transaction —
 * all of them, or nothing. Every item must belong to the backup's own event: a heat of a
 * competition the backup does not hold, an entry in a heat of another competition, a draw assigning
 * an entry to a heat not of its competition, a device or table card whose ID or secret is already
 * on this server — each refuses the whole restore, naming the item and where it is in the file.
 * Competition, heat, entry, judge event, draw and merge IDs are the event's own: another event
 * holding the same ID is neither refused nor looked at. Nothing of another event is read into the
 * restored one, or changed.
 *
 * Judge events keep their server numbers (pull cursors) when this server has none of them in
 * use, else they are numbered after the highest; either way in the backup's order, and events
 * pushed later are numbered after them. The same for heat starts.
 *
 * The steps, in order, live in restore/: make room for the event (demo-replacement.ts), check
 * the backup on its own (backup-consistency.ts) and against this server (server-conflicts.ts),
 * copy its rows parents first (copy-steps.ts), replay its merges (merge-replay.ts).
 */

export interface CommitOutcome {
	counts: BackupCounts;
	/** 'kept': the judge events have the numbers they had on the server the backup came from. */
	numbering: 'kept' | 'renumbered';
	/** The restore replaced this server's untouched demo event (untouched-demo.ts). */
	replacedDemo: boolean;
}

export function commitStaged(store: Store, stagingFile: string, header: RestoreHeader): CommitOutcome {
	const db = store.db;
	db.prepare('ATTACH DATABASE ? AS staging').run(stagingFile);
	try {
		return store.transaction(() => commit(store, header));
	} finally {
		db.exec('DETACH DATABASE staging');
	}
}

/** In the caller's transaction, with the staged backup attached as `staging`. */
function commit(store: Store, header: RestoreHeader): CommitOutcome {
	const db = store.db;
	const eventId = header.event.id;
	const replacedDemo = replaceUntouchedDemo(store, eventId);
	checkBackupOnItsOwn(db, eventId);
	checkAgainstServer(db, eventId);

	const copy = new StagedCopy(db, eventId);
	copySetUp(copy, header.event);
	copyDevices(copy);
	const numbering = copyJudgeEvents(copy, header.exportedAt);
	copyHeatStarts(copy);
	copyPublications(copy);
	copyRegister(copy);
	copyRulesetChanges(copy);
	copyDraws(copy);
	copyTableCards(copy);
	copyProtests(copy);
	copyPhotos(copy, header.evidence);
	replayMerges(store);
	return { counts: stagedCounts(db), numbering, replacedDemo };
}
