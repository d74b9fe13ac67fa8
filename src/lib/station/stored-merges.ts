import { listSetup } from '$lib/db/setup-store';
import type { StationDb } from '$lib/db/station-db';
import type { TabletMerges } from './tablet-merges';

/**
 * The organizer's merges as this tablet follows them (./tablet-merges.ts), or null when it holds
 * none: their code (the merge mapping, merge-problems) loads only on a tablet that holds a merge,
 * so a heat's first paint on any other waits for nothing but the count.
 */
export async function storedMerges(db: StationDb): Promise<TabletMerges | null> {
	if ((await db.merges.count()) === 0) return null;
	const [{ tabletMerges }, directory] = await Promise.all([import('./tablet-merges'), listSetup(db)]);
	return tabletMerges(directory);
}
