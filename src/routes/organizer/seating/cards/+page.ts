// A heat's table cards (?heat=ID): rendered in the browser with this device's organizer pairing,
// which lists the heat's cards on opening and prints new ones only when asked (their links are
// shown this once).
export const prerender = true;
export const ssr = false;
