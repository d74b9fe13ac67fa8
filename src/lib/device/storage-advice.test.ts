import { describe, expect, it } from 'vitest';
import { deviceText } from '$lib/pwa/strings';
import { storageAdvice } from './storage-advice';

describe('storageAdvice (persistent storage refused or missing)', () => {
	it('tells an iPad or iPhone in a Safari tab to add the app to the Home Screen and open it from there', () => {
		expect(storageAdvice('apple', 'browser')).toBe('home-screen');
		expect(deviceText.storageAdvice('home-screen')).toMatch(/Add the app to the Home Screen.*open it from there before the event/);
	});

	it('tells another browser in a tab (or an unknown mode) to install the app', () => {
		expect(storageAdvice('other', 'browser')).toBe('install');
		expect(storageAdvice('other', null)).toBe('install');
		expect(storageAdvice('apple', null)).toBe('home-screen');
		expect(deviceText.storageAdvice('install')).toMatch(/Install the app/);
	});

	it('does not tell the installed app to install itself', () => {
		expect(storageAdvice('apple', 'standalone')).toBe('installed');
		expect(storageAdvice('other', 'standalone')).toBe('installed');
		expect(deviceText.storageAdvice('installed')).not.toMatch(/Install|Home Screen/);
	});

	it('words the display mode', () => {
		expect(deviceText.displayMode('standalone')).toBe('Running as the installed app');
		expect(deviceText.displayMode('browser')).toBe('Running in a browser tab');
	});
});
