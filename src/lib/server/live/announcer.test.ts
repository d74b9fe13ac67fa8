import { describe, expect, it } from 'vitest';
import { Announcer } from './announcer';

const a = (cursor: number) => ({ cursor, competitions: ['c1'] });

describe('Announcer (issue 32 #1)', () => {
	it('tells the listeners of one event only, and forgets a listener that unsubscribed', () => {
		const announcer = new Announcer();
		const heard: string[] = [];
		const stopA = announcer.subscribe('spring', (x) => heard.push(`A${x.cursor}`));
		announcer.subscribe('spring', (x) => heard.push(`B${x.cursor}`));
		announcer.subscribe('autumn', (x) => heard.push(`C${x.cursor}`));
		announcer.announce('spring', a(1));
		stopA();
		announcer.announce('spring', a(2));
		expect(heard).toEqual(['A1', 'B1', 'B2']);
		expect(announcer.listening('spring')).toBe(1);
		expect(announcer.listening()).toBe(2);
	});

	it('goes on to the other listeners when one throws (a stream already closed)', () => {
		const announcer = new Announcer();
		const heard: number[] = [];
		announcer.subscribe('spring', () => {
			throw new Error('closed');
		});
		announcer.subscribe('spring', (x) => heard.push(x.cursor));
		announcer.announce('spring', a(7));
		expect(heard).toEqual([7]);
	});
});
