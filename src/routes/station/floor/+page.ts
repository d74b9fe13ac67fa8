// The floor of the station's offline cold start (bench/station-README.md, (c)): an empty page of
// the same stack (SvelteKit, Svelte, the root layout with its device session, worker
// registration and banners), prerendered and client-rendered like /station and precached by the
// same worker under the same scope. Linked from nowhere; only the bench opens it.
export const prerender = true;
export const ssr = false;
