import type { SetupBundle } from '$lib/db/setup-store';
import type { CardScope } from '$lib/sync/pairing';
import { cardDirectory } from './card-scope';
import { choiceTree, type EventChoice, type HeatEventCount } from './choice-tree';
import { tabletMerges } from './tablet-merges';

/**
 * What the home's chooser lists: the tablet's set-up with the organizer's merges followed (one
 * competition where two were merged, issue 30 #3), only the card's table on a tablet paired by a
 * table card (issue 30 #2), and the stored events counted under the heat they are read as.
 */
export function homeChoices(directory: SetupBundle, eventCounts: readonly HeatEventCount[], card: CardScope | null): EventChoice[] {
	const merged = tabletMerges(directory);
	return choiceTree(card ? cardDirectory(merged.directory, card) : merged.directory, merged.counts(eventCounts));
}
