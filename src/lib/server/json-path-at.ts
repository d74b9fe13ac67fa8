import { issuePath } from '$lib/validation';

/** Where a byte offset of a JSON text lies: the field's path and whether it is in a property name. */
export interface JsonPlace {
	/** As validation errors write it: `events[3].payload.note`; `(root)` for the top level. */
	path: string;
	/** The offset is inside a property name (of the object at `path`'s parent). */
	inName: boolean;
}

type Frame = { array: true; index: number } | { array: false; key: string | null; expectingKey: boolean };

/**
 * The path of the value (or property name) at `offset` of a JSON text given as UTF-8 bytes.
 * For error messages only: it reads the bytes once, without recursion, tolerating the broken
 * text it is asked about (undecodable bytes in names are shown as U+FFFD).
 */
export function jsonPathAt(bytes: Uint8Array, offset: number): JsonPlace {
	const frames: Frame[] = [];
	const lossy = new TextDecoder('utf-8');
	let i = 0;
	const end = Math.min(offset, bytes.length);
	while (i < end) {
		const b = bytes[i]!;
		const top = frames[frames.length - 1];
		if (b === 0x22) {
			const close = stringEnd(bytes, i);
			if (top && !top.array && top.expectingKey) {
				if (offset <= close) return { path: pathOf(frames), inName: true };
				top.key = nameOf(bytes.subarray(i, close + 1), lossy);
				top.expectingKey = false;
			} else if (offset <= close) break;
			i = close + 1;
			continue;
		}
		if (b === 0x5b) frames.push({ array: true, index: 0 });
		else if (b === 0x7b) frames.push({ array: false, key: null, expectingKey: true });
		else if (b === 0x5d || b === 0x7d) frames.pop();
		else if (b === 0x2c && top) {
			if (top.array) top.index++;
			else {
				top.key = null;
				top.expectingKey = true;
			}
		}
		i++;
	}
	return { path: pathOf(frames), inName: false };
}

/** The offset of the quote that closes the string opened at `start` (the text's end if none). */
function stringEnd(bytes: Uint8Array, start: number): number {
	for (let i = start + 1; i < bytes.length; i++) {
		if (bytes[i] === 0x5c) i++;
		else if (bytes[i] === 0x22) return i;
	}
	return bytes.length;
}

function nameOf(quoted: Uint8Array, lossy: TextDecoder): string {
	const text = lossy.decode(quoted);
	try {
		return String(JSON.parse(text.endsWith('"') && text.length > 1 ? text : `${text}"`));
	} catch {
		return text.slice(1, -1);
	}
}

function pathOf(frames: Frame[]): string {
	const keys: (string | number)[] = [];
	for (const f of frames) {
		if (f.array) keys.push(f.index);
		else if (f.key !== null) keys.push(f.key);
		else break;
	}
	return issuePath(keys);
}
