import { describe, expect, it } from 'vitest';
import { displayModeOf } from './display-mode';

/** A window whose matchMedia matches the given queries only. */
const windowMatching = (queries: string[], standalone?: boolean) => ({
	matchMedia: (q: string) => ({ matches: queries.includes(q) }),
	navigator: standalone === undefined ? {} : { standalone }
});

describe('displayModeOf', () => {
	it('is the installed app when the display mode is standalone (or fullscreen, minimal-ui)', () => {
		expect(displayModeOf(windowMatching(['(display-mode: standalone)']))).toBe('standalone');
		expect(displayModeOf(windowMatching(['(display-mode: fullscreen)']))).toBe('standalone');
		expect(displayModeOf(windowMatching(['(display-mode: minimal-ui)']))).toBe('standalone');
	});

	it('is the installed app on iOS when navigator.standalone says so, whatever matchMedia says', () => {
		expect(displayModeOf(windowMatching([], true))).toBe('standalone');
		expect(displayModeOf({ navigator: { standalone: true } })).toBe('standalone');
	});

	it('is a browser tab otherwise', () => {
		expect(displayModeOf(windowMatching(['(display-mode: browser)'], false))).toBe('browser');
		expect(displayModeOf(windowMatching([]))).toBe('browser');
		expect(displayModeOf({})).toBe('browser');
	});

	it('is unknown without a window', () => {
		expect(displayModeOf(undefined)).toBeNull();
	});
});
