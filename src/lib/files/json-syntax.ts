/**
 * Where a JSON text stops being JSON. `JSON.parse` on Node 20 names the position of only some
 * syntax errors ("Unexpected token '}', ... is not valid JSON" has none), so when it fails this
 * small scanner walks the text by the grammar of RFC 8259 and finds the first offending
 * character, which gives the line and column for the error message.
 */

export interface JsonSyntaxError {
	/** 0-based offset of the offending character (the text's length at an unexpected end). */
	offset: number;
	/** 1-based line and column (columns count UTF-16 code units, as editors mostly do). */
	line: number;
	column: number;
	message: string;
}

/** Parses JSON (a leading byte-order mark is allowed); on failure says where and why. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError } {
	try {
		return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
	} catch (e) {
		const nativeMessage = e instanceof Error ? e.message : String(e);
		const found = findJsonSyntaxError(text);
		let offset: number;
		let message: string;
		if (found) {
			offset = found.offset;
			message = found.message;
		} else {
			// The scanner saw nothing wrong (it should not happen): trust the engine's position if any.
			const m = /at position (\d+)/.exec(nativeMessage);
			offset = m ? Number(m[1]) : 0;
			message = nativeMessage;
		}
		return { ok: false, error: { offset, ...lineColumn(text, offset), message } };
	}
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
	let line = 1;
	let lineStart = 0;
	for (let i = 0; i < offset && i < text.length; i++)
		if (text.charCodeAt(i) === 10) {
			line++;
			lineStart = i + 1;
		}
	return { line, column: offset - lineStart + 1 };
}

class Stop {
	constructor(
		readonly offset: number,
		readonly message: string
	) {}
}

/** The first syntax error of `text`, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): { offset: number; message: string } | null {
	let i = 0;
	const n = text.length;
	const describe = (at: number) => (at >= n ? 'end of the text' : JSON.stringify(text[at]));
	const fail = (message: string, at = i): never => {
		throw new Stop(at, message);
	};
	const ws = () => {
		while (i < n) {
			const c = text.charCodeAt(i);
			if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
			else break;
		}
	};
	const literal = (word: string) => {
		for (let k = 0; k < word.length; k++) {
			if (text[i] !== word[k]) fail(`unexpected ${describe(i)} (expected "${word}")`);
			i++;
		}
	};
	const string = () => {
		const start = i;
		i++; // the opening quote
		for (;;) {
			if (i >= n) fail('unterminated string (no closing double quote)', start);
			const c = text.charCodeAt(i);
			if (c === 0x22) {
				i++;
				return;
			}
			if (c < 0x20) fail('control character (such as a line break) inside a string; write it as an escape like \\n');
			if (c === 0x5c) {
				const e = text[i + 1];
				if (e === undefined) fail('unterminated string (no closing double quote)', start);
				if (e === 'u') {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape: four hex digits expected', i);
					i += 6;
				} else if ('"\\/bfnrt'.includes(e!)) i += 2;
				else fail(`bad escape "\\${e}" in a string`, i);
			} else i++;
		}
	};
	const number = () => {
		const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
		if (!m || m[0] === '-') fail(`unexpected ${describe(i)}`);
		i += m![0].length;
	};
	const value = (depth: number): void => {
		if (depth > 10_000) fail('too deeply nested');
		ws();
		const c = text[i];
		if (c === '{') {
			i++;
			ws();
			if (text[i] === '}') {
				i++;
				return;
			}
			for (;;) {
				ws();
				if (text[i] !== '"') fail(`unexpected ${describe(i)} (expected a property name in double quotes)`);
				string();
				ws();
				if (text[i] !== ':') fail(`unexpected ${describe(i)} (expected ":" after the property name)`);
				i++;
				value(depth + 1);
				ws();
				if (text[i] === ',') {
					const comma = i++;
					ws();
					if (text[i] === '}') fail('trailing comma before "}"', comma);
					continue;
				}
				if (text[i] === '}') {
					i++;
					return;
				}
				fail(`unexpected ${describe(i)} (expected "," or "}")`);
			}
		}
		if (c === '[') {
			i++;
			ws();
			if (text[i] === ']') {
				i++;
				return;
			}
			for (;;) {
				value(depth + 1);
				ws();
				if (text[i] === ',') {
					const comma = i++;
					ws();
					if (text[i] === ']') fail('trailing comma before "]"', comma);
					continue;
				}
				if (text[i] === ']') {
					i++;
					return;
				}
				fail(`unexpected ${describe(i)} (expected "," or "]")`);
			}
		}
		if (c === '"') return string();
		if (c === 't') return literal('true');
		if (c === 'f') return literal('false');
		if (c === 'n') return literal('null');
		if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
		fail(i >= n ? 'unexpected end of the text (a value is missing)' : `unexpected ${describe(i)} (expected a value)`);
	};
	try {
		if (text.charCodeAt(0) === 0xfeff) i = 1; // a byte-order mark, as some editors write: skipped
		value(0);
		ws();
		if (i < n) fail(`unexpected ${describe(i)} after the end of the JSON value`);
		return null;
	} catch (e) {
		if (e instanceof Stop) return { offset: e.offset, message: e.message };
		throw e;
	}
}
