import { parse, printParseErrorCode, type ParseError, type ParseErrorCode } from 'jsonc-parser';

/**
 * Where a JSON text stops being JSON. `JSON.parse` on Node 20 names the position of only some
 * syntax errors, so on failure the text is read again with jsonc-parser (strict: no comments,
 * no trailing commas), which reports the offset of the first problem.
 */

export interface JsonSyntaxError {
	/** 0-based offset of the offending text (the text's length at an unexpected end). */
	offset: number;
	/** 1-based line and column (columns count UTF-16 code units, as editors mostly do). */
	line: number;
	column: number;
	message: string;
}

const WORDS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
	InvalidSymbol: 'not JSON',
	InvalidNumberFormat: 'not a valid number',
	PropertyNameExpected: 'expected a property name in double quotes',
	ValueExpected: 'expected a value',
	ColonExpected: 'expected ":"',
	CommaExpected: 'expected ","',
	CloseBraceExpected: 'expected "," or "}"',
	CloseBracketExpected: 'expected "," or "]"',
	EndOfFileExpected: 'expected the end of the text',
	InvalidCommentToken: 'comments are not allowed',
	UnexpectedEndOfComment: 'unterminated comment',
	UnexpectedEndOfString: 'unterminated string (no closing double quote)',
	UnexpectedEndOfNumber: 'unterminated number',
	InvalidUnicode: 'invalid \\u escape',
	InvalidEscapeCharacter: 'invalid escape character',
	InvalidCharacter: 'a control character inside a string'
};

/** The first syntax error of a text, or null when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
	const errors: ParseError[] = [];
	parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
	const first = errors[0];
	if (!first) return null;
	const code = printParseErrorCode(first.error as ParseErrorCode);
	const words = WORDS[code] ?? code;
	const token = text.slice(first.offset, first.offset + Math.max(first.length, 1));
	const message = first.offset >= text.length ? `unexpected end of the text (${words})` : `unexpected ${JSON.stringify(token)} (${words})`;
	return { offset: first.offset, ...lineColumn(text, first.offset), message };
}

/** Parses JSON (a leading byte-order mark is allowed); on failure says where and why. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError } {
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	try {
		return { ok: true, value: JSON.parse(body) };
	} catch (e) {
		const message = e instanceof Error ? e.message : String(e);
		let error: JsonSyntaxError | null = null;
		try {
			error = findJsonSyntaxError(body);
		} catch {
			// The locating parser recurses: very deep nesting overflows its stack. JSON.parse's own message then.
		}
		if (!error) {
			const offset = Math.min(Number(/position (\d+)/.exec(message)?.[1] ?? 0), body.length);
			error = { offset, ...lineColumn(body, offset), message };
		}
		return { ok: false, error };
	}
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
	let line = 1;
	let start = 0;
	for (let i = 0; i < offset && i < text.length; i++)
		if (text.charCodeAt(i) === 10) {
			line++;
			start = i + 1;
		}
	return { line, column: offset - start + 1 };
}
