import { error } from '@sveltejs/kit';
import type { BackupItem } from '../backup-format';

/**
 * Judge events come in the order of their server numbers, heat starts in the order of theirs:
 * restore-commit.ts numbers them in the order read when their numbers are taken here. 400 for
 * one out of order. A judge event without a number (a version-1 file) is in order anywhere.
 */
export class NumberOrder {
	private lastServerSeq = 0;
	private lastStartSeq = 0;

	check(item: BackupItem, where: string): void {
		if (item.kind === 'judgeEvent' && item.serverSeq !== null) {
			if (item.serverSeq <= this.lastServerSeq) error(400, `${where}: judge events must come in the order of their server numbers (${item.serverSeq} after ${this.lastServerSeq})`);
			this.lastServerSeq = item.serverSeq;
		}
		if (item.kind === 'heatStart') {
			const { seq } = item.heatStart;
			if (seq <= this.lastStartSeq) error(400, `${where}: heat starts must come in the order of their numbers (${seq} after ${this.lastStartSeq})`);
			this.lastStartSeq = seq;
		}
	}
}
