// A competition's draws for paper and for anyone to check (?competition=ID): rendered in the
// browser from the organizer's record of draws on the server (a prerendered shell).
export const prerender = true;
export const ssr = false;
