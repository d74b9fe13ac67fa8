/**
 * The public live page of an event (/live/{e}, src/routes/live) as a full address on `server`
 * (the origin that serves the app, e.g. "https://judge.example"): what the room display and the
 * printed seat plan show as a QR code.
 */
export function liveAddress(server: string, eventId: string): string {
	return `${server.replace(/\/+$/, '')}/live/${encodeURIComponent(eventId)}`;
}
