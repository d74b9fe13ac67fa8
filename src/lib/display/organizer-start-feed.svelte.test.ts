import { describe, expect, it } from 'vitest';
import type { HeatStart } from '$lib/contract';
import { OrganizerStartFeed } from './organizer-start-feed.svelte';

const start = (seq: number, serverAt: number): HeatStart => ({ seq, id: `s${seq}`, competitionId: 'c', heatId: `h${seq}`, serverAt, createdAt: serverAt });

describe('OrganizerStartFeed (issue 30 #5a)', () => {
	it("learns the organizer's starts after its cursor, each at its moment on this device's clock; a failure is quiet", async () => {
		const asked: number[] = [];
		let answer: () => Promise<HeatStart[]> = async () => [start(1, 10_000), start(2, 20_000)];
		let eventId = 'e1';
		const feed = new OrganizerStartFeed({
			eventId: () => eventId,
			fetchStarts: (_event, after) => (asked.push(after), answer()),
			offsetMs: () => 500,
			now: () => 100_000
		});
		await feed.poll();
		expect(feed.starts).toEqual([
			{ id: 's1', competitionId: 'c', heatId: 'h1', at: 9_500 },
			{ id: 's2', competitionId: 'c', heatId: 'h2', at: 19_500 }
		]);
		answer = () => Promise.reject(new Error('offline'));
		await feed.poll();
		answer = async () => [start(3, 200_000)];
		await feed.poll();
		expect(asked).toEqual([0, 2, 2]);
		// Never in the future: a start the device's clock has not reached yet is taken as now.
		expect(feed.starts.at(-1)).toMatchObject({ id: 's3', at: 100_000 });
		// Paired to another event: its starts from the beginning, none of the first event's.
		eventId = 'e2';
		answer = async () => [];
		await feed.poll();
		expect(asked.at(-1)).toBe(0);
		expect(feed.starts).toEqual([]);
	});
});
