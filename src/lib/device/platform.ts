/**
 * A guess at the tablet's platform, only to word advice (how to install the app, what keeps its
 * storage): 'apple' for iPad, iPhone and iPod (Safari, or any iOS browser: all are WebKit),
 * including iPadOS's desktop mode, which says "Macintosh" / "MacIntel" but has a touch screen;
 * 'other' for the rest. Never used to decide what the app does.
 */
export type Platform = 'apple' | 'other';

/** The part of `navigator` read here. */
export interface PlatformNavigator {
	userAgent?: string;
	platform?: string;
	maxTouchPoints?: number;
}

export function guessPlatform(nav: PlatformNavigator | undefined): Platform {
	if (!nav) return 'other';
	if (/\b(iPad|iPhone|iPod)\b/.test(nav.userAgent ?? '')) return 'apple';
	// iPadOS 13+ asks for desktop pages: a "Mac" with a touch screen is an iPad (no Mac has one).
	const mac = nav.platform === 'MacIntel' || /\bMacintosh\b/.test(nav.userAgent ?? '');
	return mac && (nav.maxTouchPoints ?? 0) > 1 ? 'apple' : 'other';
}

/** This browser's platform guess ('other' outside a browser). */
export function currentPlatform(): Platform {
	return guessPlatform(typeof navigator === 'undefined' ? undefined : navigator);
}
