// A heat's seat plan for the wall (?heat=ID): rendered in the browser from the set-up on the
// server with this device's organizer pairing, like the register's printed list (a prerendered shell).
export const prerender = true;
export const ssr = false;
