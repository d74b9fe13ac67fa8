import { describe, expect, it } from 'vitest';
import { asksOnTap, wakeLockNote, wakeLockState } from './wake-lock-state';

describe('wakeLockState', () => {
	it('is off while no clock runs, whatever the browser has', () => {
		expect(wakeLockState({ wanted: false, supported: true, held: false })).toBe('off');
		expect(wakeLockState({ wanted: false, supported: false, held: false })).toBe('off');
	});
	it('is unsupported without the API, held with a lock, and waits for a tap otherwise', () => {
		expect(wakeLockState({ wanted: true, supported: false, held: false })).toBe('unsupported');
		expect(wakeLockState({ wanted: true, supported: true, held: true })).toBe('held');
		expect(wakeLockState({ wanted: true, supported: true, held: false })).toBe('tap-needed');
	});
});

describe('asksOnTap', () => {
	const base = { wanted: true, supported: true, held: false, pending: false };
	it('asks on a tap while a clock runs, the API exists and no lock is held', () => {
		expect(asksOnTap(base)).toBe(true);
	});
	it('does not ask when no clock runs, a lock is held, a request is in flight or there is no API', () => {
		expect(asksOnTap({ ...base, wanted: false })).toBe(false);
		expect(asksOnTap({ ...base, held: true })).toBe(false);
		expect(asksOnTap({ ...base, pending: true })).toBe(false);
		expect(asksOnTap({ ...base, supported: false })).toBe(false);
	});
});

describe('wakeLockNote', () => {
	const none = { refused: false, asking: false, refusedInTap: false };
	it('says "tap the screen" after a refusal without a tap (WebKit after a reload)', () => {
		expect(wakeLockNote('tap-needed', { ...none, refused: true })).toBe('tap');
	});
	it('says "could not be kept on" when even a tap was refused (battery saver)', () => {
		expect(wakeLockNote('tap-needed', { ...none, refused: true, refusedInTap: true })).toBe('refused');
	});
	it('says nothing while the browser answers, before any refusal, when held or not wanted', () => {
		expect(wakeLockNote('tap-needed', { ...none, refused: true, asking: true })).toBeNull();
		expect(wakeLockNote('tap-needed', none)).toBeNull();
		expect(wakeLockNote('held', { ...none, refused: true })).toBeNull();
		expect(wakeLockNote('off', { ...none, refused: true })).toBeNull();
	});
	it('says the API is missing', () => {
		expect(wakeLockNote('unsupported', none)).toBe('unsupported');
	});
});
