import { describe, expect, it } from 'vitest';
import { guessPlatform } from './platform';

const IPAD_OLD = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const WEBKITGTK = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

describe('guessPlatform', () => {
	it('knows an iPad or iPhone by its user agent', () => {
		expect(guessPlatform({ userAgent: IPAD_OLD, platform: 'iPad', maxTouchPoints: 5 })).toBe('apple');
		expect(guessPlatform({ userAgent: IPHONE, platform: 'iPhone', maxTouchPoints: 5 })).toBe('apple');
	});

	it('knows iPadOS asking for desktop pages: a "Mac" with a touch screen', () => {
		expect(guessPlatform({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 5 })).toBe('apple');
	});

	it('takes a real Mac, Android, Linux WebKit and an unknown navigator for others', () => {
		expect(guessPlatform({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 0 })).toBe('other');
		expect(guessPlatform({ userAgent: ANDROID, platform: 'Linux armv8l', maxTouchPoints: 10 })).toBe('other');
		expect(guessPlatform({ userAgent: WEBKITGTK, platform: 'Linux x86_64', maxTouchPoints: 0 })).toBe('other');
		expect(guessPlatform({})).toBe('other');
		expect(guessPlatform(undefined)).toBe('other');
	});
});
