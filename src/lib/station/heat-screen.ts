import type { Component, ComponentProps } from 'svelte';
import type { HeatSession } from './heat-session.svelte';
import type HeatViewComponent from './ui/HeatView.svelte';

/** The heat screen's code: the session (scoring, the write path) and its view. */
export interface HeatScreen {
	HeatSession: typeof HeatSession;
	HeatView: Component<ComponentProps<typeof HeatViewComponent>>;
}

let loading: Promise<HeatScreen> | null = null;

/**
 * Loads the heat screen's code once, when a heat opens (the station's home does not need it, so
 * the first load of `/station` is lighter; the service worker precaches the chunks, so it loads
 * offline too). A failed load is tried again on the next call.
 */
export function loadHeatScreen(): Promise<HeatScreen> {
	// Not the event checks: the view loads them after its first frame (./heat/checks-after-paint.ts).
	loading ??= Promise.all([import('./heat-session.svelte'), import('./ui/HeatView.svelte')]).then(
		([session, view]) => ({ HeatSession: session.HeatSession, HeatView: view.default }),
		(e: unknown) => {
			loading = null;
			throw e;
		}
	);
	return loading;
}
