import { error } from '@sveltejs/kit';
import type { CompetitionMerge } from '$lib/setup/schema';
import { insertMerge, problemsOnServer } from '../competition-merges';
import type { Store } from '../store';

/**
 * The staged merges, in the order they were recorded, each checked as when it was recorded
 * against the restored set-up (entries added since are read as new), then stored; 400 for the
 * first that no longer fits, naming where it is in the file and its problems.
 */
export function replayMerges(store: Store): void {
	for (const m of store.db.prepare('SELECT json, src FROM staging.merges ORDER BY recorded_at, ord').all() as { json: string; src: string }[]) {
		const merge = JSON.parse(m.json) as CompetitionMerge;
		const problems = problemsOnServer(store, merge, false);
		if (problems.length > 0) error(400, `${m.src}: merge ${merge.id}: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
		insertMerge(store, merge);
	}
}
