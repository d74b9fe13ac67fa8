import { describe, expect, it } from 'vitest';
import type { LiveAnnouncement } from '$lib/contract/live';
import { LiveStream, parseAnnouncement, type LiveStreamState } from './live-stream';
import { ManualTimers, settle, sseBody } from './live.testkit';

function stream(answers: (() => Promise<Response>)[], random = () => 0.5) {
	const timers = new ManualTimers();
	const heard: LiveAnnouncement[] = [];
	const states: LiveStreamState[] = [];
	const asked: RequestInit[] = [];
	const s = new LiveStream({
		url: '/api/public/events/e1/live-announcements',
		fetch: (_url, init) => {
			asked.push(init);
			const next = answers.shift();
			return next ? next() : Promise.reject(new Error('offline'));
		},
		timers,
		random,
		onAnnouncement: (a) => heard.push(a),
		onState: (state) => states.push(state),
		silenceMs: 50_000
	});
	return { s, timers, heard, states, asked };
}

describe('LiveStream', () => {
	it('opens without a token, says `open` on the server’s open message, hands each announcement on', async () => {
		const sse = sseBody();
		const { s, heard, states, asked } = stream([async () => new Response(sse.body, { status: 200 })]);
		s.start();
		await settle();
		expect(states).toEqual(['connecting']);
		expect(asked[0]!.headers).toEqual({ accept: 'text/event-stream' });
		sse.send('event: open\ndata: {}\n\n: heartbeat\n\n');
		await settle();
		expect(states).toEqual(['connecting', 'open']);
		sse.send('event: live\ndata: {"competitionId":"c1","etag":"W/\\"7\\""}\n\n');
		sse.send('event: live\ndata: not json\n\nevent: other\ndata: {"competitionId":"c2","etag":"x"}\n\n');
		await settle();
		expect(heard).toEqual([{ competitionId: 'c1', etag: 'W/"7"' }]);
		s.stop();
		expect(states.at(-1)).toBe('stopped');
	});

	it('opens again after a failure or an end, backing off with jitter, and counts from zero after an open', async () => {
		const first = sseBody();
		const { s, timers, states } = stream([
			async () => new Response(first.body),
			async () => new Response('nope', { status: 503 }),
			async () => {
				const again = sseBody();
				again.send('event: open\ndata: {}\n\n');
				return new Response(again.body);
			}
		]);
		s.start();
		await settle();
		first.send('event: open\ndata: {}\n\n');
		await settle();
		first.end();
		await settle();
		expect(states).toEqual(['connecting', 'open', 'down']);
		// The first failure: within 0…1 s (random 0.5 → 500 ms).
		timers.advance(499);
		await settle();
		expect(s.state).toBe('down');
		timers.advance(1);
		await settle();
		// 503: the second failure in a row waits 0…2 s.
		expect(states.at(-1)).toBe('down');
		timers.advance(999);
		await settle();
		expect(s.state).toBe('down');
		timers.advance(1);
		await settle();
		expect(s.state).toBe('open');
		s.stop();
	});

	it('takes a connection that falls silent (no heartbeat) for dead, and opens it again', async () => {
		const quiet = sseBody();
		const { s, timers, states } = stream([async () => new Response(quiet.body)]);
		s.start();
		await settle();
		quiet.send('event: open\ndata: {}\n\n');
		await settle();
		timers.advance(49_000);
		quiet.send(': heartbeat\n\n');
		await settle();
		timers.advance(49_000);
		await settle();
		expect(s.state).toBe('open');
		timers.advance(1_000);
		await settle();
		expect(states.slice(-1)).toEqual(['down']);
		s.stop();
	});
});

describe('parseAnnouncement', () => {
	it('takes a competition and an ETag, nothing else', () => {
		expect(parseAnnouncement('{"competitionId":"c","etag":"1","x":2}')).toEqual({ competitionId: 'c', etag: '1' });
		expect(parseAnnouncement('{"competitionId":"","etag":"1"}')).toBeNull();
		expect(parseAnnouncement('{"competitionId":"c"}')).toBeNull();
		expect(parseAnnouncement('[1]')).toBeNull();
		expect(parseAnnouncement('null')).toBeNull();
		expect(parseAnnouncement(`{"competitionId":"c","etag":"${'x'.repeat(101)}"}`)).toBeNull();
	});
});
