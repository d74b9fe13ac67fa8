/**
 * One browser tab, whatever engine drives it: the flows (./station-flows.ts) are written once
 * against this, and ./webkit.ts (WebDriver) and ./firefox.ts (WebDriver BiDi) implement it.
 * Clicks and key presses go through the driver's input (trusted user gestures, as a judge's
 * tap: what WebKit asks before it keeps the screen on or plays a sound), never `el.click()`.
 */

/** An element of the page: by test ID, inside the seat card headed `seat` when given, or a button by its text. */
export interface Target {
	testid?: string;
	/** Inside the seat card (data-testid="seat") whose heading names this competitor. */
	seat?: string;
	/** A button whose text is exactly this (the tally keypad's digits). */
	button?: string;
	/** Any CSS selector (inside the seat card when `seat` is given). */
	css?: string;
}

export interface EnginePage {
	readonly engine: 'WebKit' | 'Firefox';
	goto(url: string): Promise<void>;
	/** Reloads and waits until the document has loaded. */
	reload(): Promise<void>;
	/**
	 * Runs `fn` in the page with `args` (JSON) and returns its result (JSON; a promise is awaited).
	 * `fn` is sent as source: it must use nothing from outside it.
	 */
	run<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
	/** Waits until the target is there and enabled, then clicks it through the driver's input. */
	click(target: Target): Promise<void>;
	/** Waits until the field is there, then types `text` into it as key presses; a new line is an Enter key press. */
	type(target: Target, text: string): Promise<void>;
	close(): Promise<void>;
}

/**
 * The source of an expression that calls `fn` with `args` in the page. `__name` is esbuild's
 * (tsx keeps function names): defined as nothing, so the source runs outside this module.
 */
export function callSource(fn: (...args: never[]) => unknown, args: unknown[]): string {
	return `(() => { const __name = (f) => f; return (${fn.toString()})(...${JSON.stringify(args)}); })()`;
}

/** The element `target` names, or null when it is not on the page or disabled. Runs in the page. */
export function locate(target: Target): Element | null {
	let root: ParentNode = document;
	if (target.seat !== undefined) {
		const cards = [...document.querySelectorAll('[data-testid="seat"]')];
		const card = cards.find((c) => {
			const h = c.querySelector('h3');
			if (!h) return false;
			const own = [...h.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('num')));
			return own.map((n) => n.textContent ?? '').join('').trim() === target.seat;
		});
		if (!card) return null;
		root = card;
	}
	let el: Element | null = null;
	if (target.testid !== undefined) el = root.querySelector(`[data-testid="${target.testid}"]`);
	else if (target.button !== undefined) el = [...root.querySelectorAll('button')].find((b) => (b.textContent ?? '').trim() === target.button) ?? null;
	else if (target.css !== undefined) el = root.querySelector(target.css);
	if (!el || (el as HTMLButtonElement).disabled) return null;
	return el;
}

/** How a target is named in an error. */
export function describeTarget(t: Target): string {
	return [t.seat !== undefined && `seat “${t.seat}”`, t.testid && `[data-testid=${t.testid}]`, t.button !== undefined && `button “${t.button}”`, t.css]
		.filter(Boolean)
		.join(' ');
}

/** Polls `probe` until it returns something other than null/undefined/false, within `ms`. */
export async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = 15_000): Promise<T> {
	const deadline = Date.now() + ms;
	let last: unknown;
	for (;;) {
		try {
			const got = await probe();
			if (got !== null && got !== undefined && got !== false) return got;
			last = got;
		} catch (e) {
			last = e;
		}
		if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
