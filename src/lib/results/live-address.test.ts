import { describe, expect, it } from 'vitest';
import { liveAddress } from './live-address';

describe('liveAddress', () => {
	it('is the live page of the event on the server, its ID encoded', () => {
		expect(liveAddress('https://judge.example/', 'cup 2026')).toBe('https://judge.example/live/cup%202026');
		expect(liveAddress('http://127.0.0.1:3000', 'e1')).toBe('http://127.0.0.1:3000/live/e1');
	});
});
