import type { Component, ComponentProps } from 'svelte';
import type { homeChoices } from './home-choices';
import type HeatChoicesComponent from './ui/HeatChoices.svelte';

/** The heat chooser's code: what it lists (the tree of choices, the merges it follows) and its cards. */
export interface ChooserParts {
	homeChoices: typeof homeChoices;
	HeatChoices: Component<ComponentProps<typeof HeatChoicesComponent>>;
}

/**
 * The chooser's code for the home: loaded when asked for (once), or why it did not load. A new
 * tablet's home (nothing set up: the quick set-up alone) never asks, so it is not in /station's
 * first load; the service worker precaches it, so it loads offline too.
 */
export class ChooserCode {
	parts = $state.raw<ChooserParts | null>(null);
	/** Why the code did not load (said where the heats would be; a reload tries again). */
	error = $state<string | null>(null);
	#pending = false;

	/** Starts the load, unless it is loaded or loading. */
	load(): void {
		if (this.parts || this.#pending) return;
		this.#pending = true;
		Promise.all([import('./home-choices'), import('./ui/HeatChoices.svelte')]).then(
			([choices, view]) => {
				this.parts = { homeChoices: choices.homeChoices, HeatChoices: view.default };
				this.error = null;
			},
			(e: unknown) => {
				this.error = e instanceof Error ? e.message : String(e);
				this.#pending = false; // asked again, it tries again
			}
		);
	}
}
