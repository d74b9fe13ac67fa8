// The organizer's screens run from IndexedDB like the station: prerendered shells that the
// service worker can serve offline, rendered in the browser only.
export const prerender = true;
export const ssr = false;
