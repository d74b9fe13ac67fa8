import { describe, expect, it } from 'vitest';
import type { LiveAnnouncement } from '$lib/contract/live';
import { LiveStream, parseAnnouncement, type LiveStreamState } from './live-stream';
import { fakeSources, ManualTimers } from './live.testkit';

function stream(random = () => 0.5) {
	const timers = new ManualTimers();
	const sources = fakeSources();
	const heard: LiveAnnouncement[] = [];
	const states: LiveStreamState[] = [];
	const s = new LiveStream({
		url: '/api/public/events/e1/live-announcements',
		open: sources.open,
		timers,
		random,
		onAnnouncement: (a) => heard.push(a),
		onState: (state) => states.push(state)
	});
	return { s, timers, sources, heard, states };
}

describe('LiveStream', () => {
	it('says `open` on the server’s open message and hands each announcement on', () => {
		const { s, sources, heard, states } = stream();
		s.start();
		expect(sources.last().url).toBe('/api/public/events/e1/live-announcements');
		expect(states).toEqual(['connecting']);
		sources.last().emit('open');
		expect(states).toEqual(['connecting', 'open']);
		sources.last().emit('live', { competitionId: 'c1', etag: 'W/"7"' });
		sources.last().emit('live', 'not json');
		sources.last().emit('other', { competitionId: 'c2', etag: 'x' });
		expect(heard).toEqual([{ competitionId: 'c1', etag: 'W/"7"' }]);
		s.stop();
		expect(sources.last().closed).toBe(true);
		expect(states.at(-1)).toBe('stopped');
	});

	it('closes on an error and opens again after a backoff with jitter, counting from zero after an open', () => {
		const { s, timers, sources, states } = stream();
		s.start();
		sources.last().emit('open');
		sources.last().fail();
		expect(sources.last().closed).toBe(true);
		expect(states).toEqual(['connecting', 'open', 'down']);
		// The first failure: within 0…1 s (random 0.5 → 500 ms); the browser's own retry is not used.
		timers.advance(499);
		expect(sources.opened).toHaveLength(1);
		timers.advance(1);
		expect(sources.opened).toHaveLength(2);
		expect(s.state).toBe('down');
		// Failing again before an open: the second failure in a row waits 0…2 s.
		sources.last().fail();
		timers.advance(999);
		expect(sources.opened).toHaveLength(2);
		timers.advance(1);
		expect(sources.opened).toHaveLength(3);
		sources.last().emit('open');
		expect(s.state).toBe('open');
		sources.last().fail();
		timers.advance(500);
		expect(sources.opened).toHaveLength(4);
		// An error of a source already let go changes nothing; a stop leaves no retry behind.
		sources.opened[0]!.fail();
		expect(sources.opened).toHaveLength(4);
		sources.last().fail();
		s.stop();
		expect(timers.pending.size).toBe(0);
	});
});

describe('parseAnnouncement', () => {
	it('takes a competition and an ETag, with the change the server sent along', () => {
		expect(parseAnnouncement('{"competitionId":"c","etag":"1"}')).toEqual({ competitionId: 'c', etag: '1' });
		expect(parseAnnouncement('{"competitionId":"c","etag":"2","base":"1","rows":[],"heats":[],"latest":[]}')).toEqual({ competitionId: 'c', etag: '2', base: '1', rows: [], heats: [], latest: [] });
		expect(parseAnnouncement('{"competitionId":"c","etag":""}')).toEqual({ competitionId: 'c', etag: '' });
		expect(parseAnnouncement('{"competitionId":"","etag":"1"}')).toBeNull();
		expect(parseAnnouncement('{"competitionId":"c"}')).toBeNull();
		expect(parseAnnouncement('[1]')).toBeNull();
		expect(parseAnnouncement('null')).toBeNull();
		expect(parseAnnouncement(undefined)).toBeNull();
		expect(parseAnnouncement(`{"competitionId":"c","etag":"${'x'.repeat(101)}"}`)).toBeNull();
	});
});
