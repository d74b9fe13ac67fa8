import { describe, expect, it } from 'vitest';
import { backupLinesOf, EVENT, MIN, T0 } from '../backup.testkit';
import { eraseEvidence } from '../evidence';
import { listPhotos, photoBytes } from '../photos';
import type { Store } from '../store';
import { busyStorePerTest, itemsOf } from './backup-lines.testkit';
import { evidenceSetting, photoLines } from './photo-lines';

let store: Store;
busyStorePerTest((s) => (store = s));

describe('the lines of the evidence (issue 33)', () => {
	it('photoLines: each photo as the organizer lists it, with its bytes in base64, in the order they arrived', () => {
		const items = itemsOf(photoLines(store.db, EVENT));
		expect(items.map((i) => i.item.photo)).toEqual(listPhotos(store, EVENT));
		for (const { item } of items) {
			const { hash } = item.photo as { hash: string };
			expect(Buffer.compare(Buffer.from(item.data as string, 'base64'), photoBytes(store, EVENT, hash)!.data)).toBe(0);
		}
	});

	it('the header carries the retention; an erased event’s backup holds no photo, and says when it was erased', () => {
		expect(evidenceSetting(store.db, EVENT)).toEqual({ retentionDays: 60, erasedAt: null });
		eraseEvidence(store, EVENT, T0 + 99 * MIN);
		const lines = backupLinesOf(store, EVENT, T0 + 100 * MIN);
		expect(lines.filter((l) => l.kind === 'photo')).toEqual([]);
		expect(lines[0]).toMatchObject({ counts: { photo: 0 }, evidence: { retentionDays: 60, erasedAt: T0 + 99 * MIN } });
		expect(evidenceSetting(store.db, 'nowhere')).toBeUndefined();
	});
});
