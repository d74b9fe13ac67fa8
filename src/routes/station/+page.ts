// The station runs from IndexedDB on the tablet: a prerendered shell that the service worker
// can serve offline, rendered in the browser only.
export const prerender = true;
export const ssr = false;
