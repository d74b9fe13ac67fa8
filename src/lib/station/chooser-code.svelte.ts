import type { Component, ComponentProps } from 'svelte';
import { Lazy } from '$lib/ui/lazy.svelte';
import type { homeChoices } from './home-choices';
import type HeatChoicesComponent from './ui/HeatChoices.svelte';
import type CardNotesComponent from './ui/CardNotes.svelte';

/** The heat chooser's code: what it lists (the tree of choices, the merges it follows), its cards, and what it says on a card's tablet. */
export interface ChooserParts {
	homeChoices: typeof homeChoices;
	HeatChoices: Component<ComponentProps<typeof HeatChoicesComponent>>;
	CardNotes: Component<ComponentProps<typeof CardNotesComponent>>;
}

/**
 * The chooser's code for the home: loaded when asked for (once), or why it did not load (said
 * where the heats would be; asked again, it tries again). A new tablet's home (nothing set up: the
 * quick set-up alone) never asks, so it is not in /station's first load; the service worker
 * precaches it, so it loads offline too.
 */
export class ChooserCode {
	readonly #code = new Lazy<ChooserParts>(() =>
		Promise.all([import('./home-choices'), import('./ui/HeatChoices.svelte'), import('./ui/CardNotes.svelte')]).then(([choices, view, notes]) => ({
			homeChoices: choices.homeChoices,
			HeatChoices: view.default,
			CardNotes: notes.default
		}))
	);

	get parts(): ChooserParts | null {
		return this.#code.current;
	}

	get error(): string | null {
		return this.#code.error;
	}

	/** Starts the load, unless it is loaded or loading. */
	load(): void {
		this.#code.want();
	}
}
