import type { SetupBundle } from '$lib/db/setup-store';

/**
 * Whether the chooser has anything to list from this set-up (a stored day or a competition: what
 * choiceTree lists; merges and a card's scope only take away). Without, the home shows "nothing
 * set up" and never loads the chooser's code (./chooser-code.svelte.ts): a new tablet's first load
 * stays light.
 */
export function holdsChoices(directory: SetupBundle): boolean {
	return directory.days.length > 0 || directory.competitions.length > 0;
}
