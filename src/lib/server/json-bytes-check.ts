import { isUtf8 } from 'node:buffer';

/**
 * The deepest nesting of arrays and objects a request body may have. The deepest real
 * documents (a backup's judge event payloads, a ruleset's tie-breaks) nest fewer than 10
 * levels; anything near this limit is an attack on the parsers and validators, which recurse.
 */
export const MAX_JSON_DEPTH = 64;

/** What makes a body unfit to parse, and the byte offset where it starts. */
export interface JsonBytesProblem {
	kind: 'depth' | 'utf8' | 'surrogate';
	offset: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * The first reason a JSON body must be refused before it is parsed: arrays and objects nested
 * deeper than `maxDepth`, bytes that are not UTF-8, or a `\uD800`-style escape of a lone UTF-16
 * surrogate (which JSON.parse turns into a string that is not Unicode text). Null when none.
 *
 * One pass over the bytes, no recursion and no allocation, so that it is safe and quick on any
 * input: it stops at the first problem (a body of ten million `[` is refused at byte 65).
 * Syntax is not checked here (JSON.parse does that next); brackets inside strings do not count.
 */
export function checkJsonBytes(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): JsonBytesProblem | null {
	let depth = 0;
	const n = bytes.length;
	for (let i = 0; i < n; i++) {
		const b = bytes[i]!;
		if (b === QUOTE) {
			// A string, to its closing quote (a tight loop: most of a body's bytes are in strings).
			for (i++; i < n; i++) {
				const c = bytes[i]!;
				if (c === QUOTE) break;
				if (c !== BACKSLASH) continue;
				if (bytes[i + 1] !== LETTER_U) {
					i++;
					continue;
				}
				const unit = hex4(bytes, i + 2);
				if (unit >= 0xdc00 && unit <= 0xdfff) return { kind: 'surrogate', offset: i };
				if (unit >= 0xd800 && unit <= 0xdbff) {
					const low = bytes[i + 6] === BACKSLASH && bytes[i + 7] === LETTER_U ? hex4(bytes, i + 8) : -1;
					if (low < 0xdc00 || low > 0xdfff) return { kind: 'surrogate', offset: i };
					i += 6;
				}
				i += 5;
			}
		} else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
			if (++depth > maxDepth) return { kind: 'depth', offset: i };
		} else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
	}
	if (!isUtf8(bytes)) return { kind: 'utf8', offset: firstInvalidUtf8(bytes) };
	return null;
}

/** The value of four hex digits at `at`, or -1 (JSON.parse refuses such an escape itself). */
function hex4(bytes: Uint8Array, at: number): number {
	let value = 0;
	for (let k = at; k < at + 4; k++) {
		const c = bytes[k];
		const digit = c === undefined ? -1 : c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
		if (digit < 0) return -1;
		value = value * 16 + digit;
	}
	return value;
}

/**
 * The offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF), or the length when all are valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
	const n = bytes.length;
	let i = 0;
	while (i < n) {
		const b = bytes[i]!;
		if (b < 0x80) {
			i++;
			continue;
		}
		let size: number;
		let min: number;
		let max = 0xbf;
		if (b >= 0xc2 && b <= 0xdf) size = 2;
		else if (b >= 0xe0 && b <= 0xef) size = 3;
		else if (b >= 0xf0 && b <= 0xf4) size = 4;
		else return i;
		// The second byte's range excludes overlong forms, surrogates and code points above U+10FFFF.
		min = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
		if (b === 0xed) max = 0x9f;
		else if (b === 0xf4) max = 0x8f;
		for (let k = 1; k < size; k++) {
			const c = bytes[i + k];
			if (c === undefined || c < min || c > max) return i;
			min = 0x80;
			max = 0xbf;
		}
		i += size;
	}
	return n;
}
