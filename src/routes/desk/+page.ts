// The check-in desk runs from IndexedDB like the station: a prerendered shell that the service
// worker can serve offline, rendered in the browser only.
export const prerender = true;
export const ssr = false;
