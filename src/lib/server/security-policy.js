// The security headers of every answer, in one place. Plain JavaScript (with JSDoc types) because
// three kinds of code read it: svelte.config.js (kit.csp, which adds the hashes of each page's
// inline scripts), src/lib/server/security-headers.ts (the `handle` that covers what SvelteKit
// answers) and scripts/start.js (the static files and prerendered pages that adapter-node serves
// before SvelteKit sees the request).
import { createHash } from 'node:crypto';

/**
 * The only inline style attribute the app writes: SvelteKit's route announcer, the visually hidden
 * live region of its generated root component (.svelte-kit/generated/root.svelte; a unit test
 * checks that it still reads so). Allowed by its hash ('unsafe-hashes'), no other.
 */
export const ALLOWED_STYLE_ATTRIBUTES = Object.freeze([
	'position: absolute; left: 0; top: 0; clip: rect(0 0 0 0); clip-path: inset(50%); overflow: hidden; white-space: nowrap; width: 1px; height: 1px'
]);

/**
 * A CSP hash source (without its quotes) of a text.
 * @param {string} text
 * @returns {string}
 */
export const sha256Source = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * The Content-Security-Policy, in kit.csp's form: keywords without their quotes ('self',
 * 'none'), which SvelteKit and {@link serializeCsp} add.
 *
 * - Scripts and styles only from the server's own files. SvelteKit adds the sha256 of every
 *   inline script it writes (the start script of each page, prerendered ones included) to
 *   `script-src`; nothing else may run inline. Svelte sets styles through the CSSOM
 *   (`element.style`), which a policy does not restrict; the one style attribute in markup is
 *   allowed by its hash ({@link ALLOWED_STYLE_ATTRIBUTES}).
 * - Everything the app fetches (sync, pairing, the clock) goes to its own server: the server
 *   answers no CORS, so another origin was never reachable anyway.
 * - Images (img-src): the server's own files ('self': icons, the manifest's images), and blob: URLs,
 *   which only the app's own scripts can make, from bytes the page already holds: a photo of evidence
 *   (issue 33) the organizer's screen fetched from this server with its token (a photo needs the
 *   organizer's Authorization header, which an <img src> cannot send), and a tablet's own photo and
 *   its thumbnail, taken with the camera and kept in IndexedDB. Nothing else: no data: URLs, no other
 *   origin (a photo never leaves for another host, and no page shows an image from one). The QR codes
 *   are inline SVG, the plots SVG, the camera a MediaStream.
 * - The service worker is the server's own file (worker-src 'self').
 * - No page may be framed (against clickjacking of the organizer's screen), and none frames anything.
 * @type {Record<string, string[]>}
 */
export const CSP_DIRECTIVES = {
	'default-src': ['self'],
	'script-src': ['self'],
	'style-src': ['self'],
	'style-src-attr': ['unsafe-hashes', ...ALLOWED_STYLE_ATTRIBUTES.map(sha256Source)],
	'img-src': ['self', 'blob:'],
	'font-src': ['self'],
	'connect-src': ['self'],
	'worker-src': ['self'],
	'manifest-src': ['self'],
	'frame-src': ['none'],
	'object-src': ['none'],
	'base-uri': ['none'],
	'form-action': ['self'],
	'frame-ancestors': ['none']
};

/**
 * The other headers. Permissions-Policy lets the app's own pages use the camera (the QR scanner
 * on /pair) and keep the screen awake (station, display); it cannot be narrower per page, since
 * a page reached by a link inside the app keeps the policy of the page the tab first loaded.
 * Referrer: none at all. A pairing link carries its token in the fragment, which is never sent,
 * and the pairing page removes it at once; with no referrer nothing of an address (an event ID,
 * a competition) leaves with a request either. The `Origin` header of the app's own requests is
 * unaffected (fetch() sends it whatever the referrer policy), so SvelteKit's CSRF check still
 * sees it.
 * @type {Readonly<Record<string, string>>}
 */
export const SECURITY_HEADERS = Object.freeze({
	'x-content-type-options': 'nosniff',
	'x-frame-options': 'DENY',
	'referrer-policy': 'no-referrer',
	'permissions-policy': [
		'camera=(self)',
		'screen-wake-lock=(self)',
		'fullscreen=(self)',
		'microphone=()',
		'geolocation=()',
		'payment=()',
		'usb=()',
		'serial=()',
		'hid=()',
		'midi=()',
		'display-capture=()',
		'accelerometer=()',
		'gyroscope=()',
		'magnetometer=()'
	].join(', '),
	'cross-origin-opener-policy': 'same-origin',
	'cross-origin-resource-policy': 'same-origin'
});

/** The keywords a policy writes in single quotes (as SvelteKit does). */
const QUOTED = new Set(['self', 'none', 'unsafe-inline', 'unsafe-eval', 'unsafe-hashes', 'strict-dynamic', 'report-sample', 'wasm-unsafe-eval', 'script']);

/**
 * The header value of a policy in kit.csp's form.
 * @param {Record<string, string[]>} directives
 * @returns {string}
 */
export function serializeCsp(directives) {
	return Object.entries(directives)
		.map(([name, sources]) => [name, ...sources.map((s) => (QUOTED.has(s) || /^(nonce|sha\d{3})-/.test(s) ? `'${s}'` : s))].join(' '))
		.join('; ');
}

/** The policy of every answer that is not a page of its own (API, scripts, the service worker, images): {@link CSP_DIRECTIVES} as they are. */
export const BASE_CSP = serializeCsp(CSP_DIRECTIVES);

/** The directives a `<meta>` policy cannot carry (SvelteKit leaves them out of prerendered pages' tags). */
const HEADER_ONLY = serializeCsp({ 'frame-ancestors': CSP_DIRECTIVES['frame-ancestors'] ?? ['none'] });

/**
 * The policy SvelteKit wrote into a prerendered page's `<meta http-equiv="content-security-policy">`
 * (with the hashes of that page's inline scripts), completed with what only a header can say
 * (frame-ancestors); null when the page has no such tag.
 * @param {string} html
 * @returns {string | null}
 */
export function policyOfPrerenderedPage(html) {
	const tag = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"\s*\/?>/i.exec(html);
	if (!tag) return null;
	const policy = (tag[1] ?? '')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
	return /(^|;)\s*frame-ancestors\s/.test(policy) ? policy : `${policy}; ${HEADER_ONLY}`;
}
