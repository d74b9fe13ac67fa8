// Printable results: like the organizer's screen, rendered in the browser from this device's
// IndexedDB (a prerendered shell the service worker can serve offline).
export const prerender = true;
export const ssr = false;
