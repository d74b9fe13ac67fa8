// Pairing runs in the browser (the camera, IndexedDB, the link's fragment): a prerendered shell
// rendered in the browser only, like the station.
export const prerender = true;
export const ssr = false;
