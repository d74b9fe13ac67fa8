import { describe, expect, it } from 'vitest';
import { guessUnfolded, HOLDS_HEATS_KEY, rememberHoldsHeats } from './quick-setup-fold';

const store = () => {
	const m = new Map<string, string>();
	return { m, s: { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } };
};

describe('the quick set-up’s fold before the tablet’s heats are read', () => {
	it('a tablet never seen: unfolded (nothing to choose from, most likely)', () => {
		expect(guessUnfolded(store().s)).toBe(true);
	});

	it('follows what the home found last time', () => {
		const { m, s } = store();
		rememberHoldsHeats(s, true);
		expect([m.get(HOLDS_HEATS_KEY), guessUnfolded(s)]).toEqual(['yes', false]);
		rememberHoldsHeats(s, false);
		expect([m.get(HOLDS_HEATS_KEY), guessUnfolded(s)]).toEqual(['no', true]);
	});

	it('a storage that refuses costs only the guess', () => {
		const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
		expect(() => rememberHoldsHeats(refusing, true)).not.toThrow();
		expect(guessUnfolded(refusing)).toBe(true);
	});
});
