/**
 * Code that loads when it is first wanted, not with the screen that may use it (issue 34: a
 * relay's grid, the camera, the photo viewer, the station's standings and its heat chooser are
 * not part of a first load). `current` is what the load gave once it has loaded (a component:
 * render it as `<lazy.current … />`), `error` why it could not load; a later `want()` tries again.
 * A component this way is a dynamic component, not an `{#await}` block: Svelte's runtime for
 * dynamic components is in every page already (SvelteKit's root uses it), its await block's is not.
 */
export class Lazy<T> {
	current = $state.raw<T | null>(null);
	error = $state<string | null>(null);
	#loading = false;

	constructor(private readonly load: () => Promise<T>) {}

	/** Starts loading, once (and again after a failure). */
	want(): void {
		if (this.current !== null || this.#loading) return;
		this.#loading = true;
		this.error = null;
		this.load().then(
			(loaded) => {
				this.current = loaded;
				this.#loading = false;
			},
			(e: unknown) => {
				this.error = e instanceof Error ? e.message : String(e);
				this.#loading = false;
			}
		);
	}
}

/** A component loaded when first wanted: `lazyComponent(() => import('./X.svelte'))`. */
export function lazyComponent<C>(load: () => Promise<{ default: C }>): Lazy<C> {
	return new Lazy(() => load().then((module) => module.default));
}
