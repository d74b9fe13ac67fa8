// A heat's table cards for paper (?heat=ID): rendered in the browser with this device's organizer
// pairing, which prints the cards on the server (their links are shown this once).
export const prerender = true;
export const ssr = false;
