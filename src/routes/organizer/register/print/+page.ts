// A competition's registrations for paper (?competition=ID): rendered in the browser from the
// organizer's register on the server, like the printable results (a prerendered shell).
export const prerender = true;
export const ssr = false;
