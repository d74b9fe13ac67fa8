/**
 * A component whose code loads when it is first wanted, not with the screen that may show it
 * (issue 34: a relay's grid, the camera, the photo viewer are not part of a heat's first load).
 * `current` is the component once loaded (render it as `<lazy.current … />`), `error` why it
 * could not load; a later `want()` tries again. A dynamic component, not an `{#await}` block:
 * Svelte's runtime for dynamic components is in every page already (SvelteKit's root uses it),
 * its await block's is not.
 */
export class LazyComponent<C> {
	current = $state<C | null>(null);
	error = $state<string | null>(null);
	#loading = false;

	constructor(private readonly load: () => Promise<{ default: C }>) {}

	/** Starts loading the component, once (and again after a failure). */
	want(): void {
		if (this.current !== null || this.#loading) return;
		this.#loading = true;
		this.error = null;
		this.load().then(
			(module) => {
				this.current = module.default;
				this.#loading = false;
			},
			(e: unknown) => {
				this.error = e instanceof Error ? e.message : String(e);
				this.#loading = false;
			}
		);
	}
}
