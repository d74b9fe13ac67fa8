import { ANNOUNCEMENT_EVENT, ANNOUNCEMENT_HEARTBEAT_MS, STREAM_OPEN_EVENT, type Announcement } from '$lib/contract';
import type { Announcer } from './announcer';

const encoder = new TextEncoder();

/** One SSE message: its event name and JSON data (docs/sync.md, "Announcements"). */
export function sseMessage(event: string, data: unknown): string {
	return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The announcement stream of one device (text/event-stream): an `open` message at once, then
 * one `events` message per announcement of its event, and a comment line when idle so that
 * proxies keep it open. It ends when the device goes (`signal`) or the server closes it.
 */
export function announcementStream(announcer: Announcer, eventId: string, signal: AbortSignal, heartbeatMs = ANNOUNCEMENT_HEARTBEAT_MS): Response {
	return sseStream((send) => announcer.subscribe(eventId, (a: Announcement) => send(sseMessage(ANNOUNCEMENT_EVENT, a))), signal, heartbeatMs);
}

/**
 * A text/event-stream response: `subscribe` gets the function that sends one message and gives
 * back its unsubscribe. The `open` message first, heartbeats while idle; it ends with `signal`.
 */
export function sseStream(subscribe: (send: (text: string) => void) => () => void, signal: AbortSignal, heartbeatMs = ANNOUNCEMENT_HEARTBEAT_MS): Response {
	let stop = () => {};
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const send = (text: string) => controller.enqueue(encoder.encode(text));
			const unsubscribe = subscribe(send);
			const heartbeat = setInterval(() => send(': still here\n\n'), heartbeatMs);
			heartbeat.unref?.();
			stop = () => {
				clearInterval(heartbeat);
				unsubscribe();
				stop = () => {};
			};
			signal.addEventListener('abort', () => {
				stop();
				try {
					controller.close();
				} catch {
					// Already closed or cancelled.
				}
			});
			// A reconnecting client waits this long before its own backoff takes over.
			send(`retry: 5000\n${sseMessage(STREAM_OPEN_EVENT, {})}`);
		},
		cancel() {
			stop();
		}
	});
	return new Response(body, {
		headers: {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-store',
			// nginx passes the stream on as it comes instead of buffering it (docs: Deployment and HTTPS).
			'x-accel-buffering': 'no'
		}
	});
}
