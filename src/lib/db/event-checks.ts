import type { JudgeEventSchema } from '$lib/events/schema';
import type { describeIssues, toIssues } from '$lib/validation';

/** What checks judge events before the tablet stores them: the schema and the words for its issues. */
export interface EventChecks {
	JudgeEventSchema: typeof JudgeEventSchema;
	describeIssues: typeof describeIssues;
	toIssues: typeof toIssues;
}

let loaded: EventChecks | null = null;
let loading: Promise<EventChecks> | null = null;

/**
 * Loads the checks once (they bring zod): on the first event to store, not with the first
 * paint of a screen that only reads. A heat's view loads them once its seat grid has painted
 * (../station/heat/checks-after-paint.ts), so a tap's write is issued without waiting. A failed load is tried again on the next call.
 */
export function loadEventChecks(): Promise<EventChecks> {
	loading ??= Promise.all([import('$lib/events/schema'), import('$lib/validation')]).then(
		([{ JudgeEventSchema }, { describeIssues, toIssues }]) => (loaded = { JudgeEventSchema, describeIssues, toIssues }),
		(e: unknown) => {
			loading = null;
			throw e;
		}
	);
	return loading;
}

/** The checks if they are loaded already (null: not yet). */
export function loadedEventChecks(): EventChecks | null {
	return loaded;
}
