/**
 * Seeded randomness: the same seed gives the same numbers on every device, so draws can be
 * recorded and re-checked, and tests and benchmarks are reproducible.
 */

/** mulberry32: a small, well-known 32-bit generator; uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * 32-bit FNV-1a of a text over its UTF-16 code units (not its UTF-8 bytes): each code unit, a
 * number 0–65535, is one step. Drawn results depend on it, so it never changes (printed draws
 * say exactly this: src/lib/organizer/draws/DrawPrintSheet.svelte).
 */
export function fnv1a32(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** A generator seeded by a text (hashed with FNV-1a). */
export function seededRandom(seed: string): () => number {
	return mulberry32(fnv1a32(seed));
}

/** A Fisher–Yates shuffle driven by `rand`; the input is not changed. */
export function shuffle<T>(items: readonly T[], rand: () => number): T[] {
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = Math.floor(rand() * (i + 1));
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}
