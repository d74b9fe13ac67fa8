import type { Component, ComponentProps } from 'svelte';
import type { homeChoices } from './home-choices';
import type HeatChoicesComponent from './ui/HeatChoices.svelte';

/** The heat chooser's code: what it lists (the tree of choices, the merges it follows) and its cards. */
export interface ChooserParts {
	homeChoices: typeof homeChoices;
	HeatChoices: Component<ComponentProps<typeof HeatChoicesComponent>>;
}

let loading: Promise<ChooserParts> | null = null;

/**
 * Loads the chooser's code once. A new tablet's home (nothing set up: the quick set-up alone)
 * never needs it, so it is not in /station's first load; the service worker precaches it, so it
 * loads offline too. A failed load is tried again on the next call.
 */
function loadChooser(): Promise<ChooserParts> {
	loading ??= Promise.all([import('./home-choices'), import('./ui/HeatChoices.svelte')]).then(
		([choices, view]) => ({ homeChoices: choices.homeChoices, HeatChoices: view.default }),
		(e: unknown) => {
			loading = null;
			throw e;
		}
	);
	return loading;
}

/** The chooser's code for the home: loaded when asked for (once), or why it did not load. */
export class ChooserCode {
	parts = $state.raw<ChooserParts | null>(null);
	/** Why the code did not load (said where the heats would be; a reload tries again). */
	error = $state<string | null>(null);
	#pending = false;

	/** Starts the load, unless it is loaded or loading. */
	load(): void {
		if (this.parts || this.#pending) return;
		this.#pending = true;
		loadChooser().then(
			(parts) => {
				this.parts = parts;
				this.error = null;
			},
			(e: unknown) => {
				this.error = e instanceof Error ? e.message : String(e);
				this.#pending = false;
			}
		);
	}
}
