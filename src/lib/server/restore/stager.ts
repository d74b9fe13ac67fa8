import { zeroCounts, type BackupItem } from '../backup-format';
import type { RestoreStaging } from '../restore-staging';
import { refuseItemOfOtherEvent } from './item-event';
import { NumberOrder } from './number-order';
import { refuseChangedPhoto } from './photo-item';
import { StagingPositions } from './staging-positions';
import { stagingRows } from './staging-rows';

/** Checks each item against its own event and stages it, in the order read (restore.ts); counts what it staged. */
export class Stager {
	readonly counts = zeroCounts();
	items = 0;
	private readonly order = new NumberOrder();
	private readonly positions = new StagingPositions();

	constructor(
		private readonly staging: RestoreStaging,
		private readonly eventId: string
	) {}

	add(item: BackupItem, where: string): void {
		refuseItemOfOtherEvent(item, this.eventId, where);
		this.order.check(item, where);
		if (item.kind === 'photo') refuseChangedPhoto(item, where);
		for (const [table, values] of stagingRows(item, this.positions)) this.staging.add(table, values, where);
		this.counts[item.kind]++;
		this.items++;
	}
}
