import { describe, expect, it } from 'vitest';
import { LiveShown } from './live-shown.svelte';

const event = { id: 'e1', name: 'Cup', date: '2026-05-16', venue: null };

describe('LiveShown', () => {
	it('says whether a competition of the event is shown live; a failure keeps what was known', async () => {
		const asked: string[] = [];
		let answer: () => Promise<Response> = async () => Response.json({ event, competitions: [{ id: 'c1', name: 'Solo' }] });
		const live = new LiveShown(async (url) => (asked.push(url), answer()));
		await live.poll('http://hall.test/', 'e1');
		expect(asked).toEqual(['http://hall.test/api/public/events/e1/live']);
		expect(live.shown).toBe(true);
		answer = () => Promise.reject(new TypeError('offline'));
		await live.poll('http://hall.test', 'e1');
		expect(live.shown).toBe(true);
		answer = async () => Response.json({ nonsense: true });
		await live.poll('http://hall.test', 'e1');
		expect(live.shown).toBe(true);
		answer = async () => Response.json({ event, competitions: [] });
		await live.poll('http://hall.test', 'e1');
		expect(live.shown).toBe(false);
		answer = async () => Response.json({ event, competitions: [{ id: 'c1', name: 'Solo' }] });
		await live.poll('http://hall.test', 'e1');
		answer = async () => new Response('{}', { status: 404 });
		await live.poll('http://hall.test', 'e1');
		expect(live.shown).toBe(false);
		await live.poll(null, null);
		expect(live.shown).toBe(false);
	});
});
