import { describe, expect, it } from 'vitest';
import { audioState, audioTapAction } from './audio-state';

describe('audioState', () => {
	it('runs only with a running context', () => {
		expect(audioState({ available: true, context: 'running', muted: false })).toBe('running');
	});
	it('waits for a tap with no context yet, or a suspended, interrupted or closed one', () => {
		for (const context of ['none', 'suspended', 'interrupted', 'closed'] as const) {
			expect(audioState({ available: true, context, muted: false })).toBe('tap-needed');
		}
	});
	it('is muted when the judge turned the sounds off', () => {
		expect(audioState({ available: true, context: 'running', muted: true })).toBe('muted');
		expect(audioState({ available: true, context: 'none', muted: true })).toBe('muted');
	});
	it('is unavailable without Web Audio, muted or not', () => {
		expect(audioState({ available: false, context: 'none', muted: false })).toBe('unavailable');
		expect(audioState({ available: false, context: 'none', muted: true })).toBe('unavailable');
	});
});

describe('audioTapAction', () => {
	it('creates a context where there is none or it was closed', () => {
		expect(audioTapAction({ available: true, context: 'none' })).toBe('create');
		expect(audioTapAction({ available: true, context: 'closed' })).toBe('create');
	});
	it('resumes a suspended or interrupted context', () => {
		expect(audioTapAction({ available: true, context: 'suspended' })).toBe('resume');
		expect(audioTapAction({ available: true, context: 'interrupted' })).toBe('resume');
	});
	it('does nothing when the context runs or there is no Web Audio', () => {
		expect(audioTapAction({ available: true, context: 'running' })).toBeNull();
		expect(audioTapAction({ available: false, context: 'none' })).toBeNull();
	});
});
