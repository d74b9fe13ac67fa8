/**
 * Reads one JSON object of any size as its text arrives, and hands out its parts one at a time:
 * each member's value, except that a member whose value is an array is handed out element by
 * element. `{"a":1,"list":[{…},{…}]}` gives `a` → `1`, then `list[0]` → `{…}`, `list[1]` → `{…}`.
 * Only the part being read is held, so a file of hundreds of megabytes (a version-1 backup)
 * is read in little memory. The texts are handed out unparsed; JSON.parse reads each.
 *
 * The scan knows strings, escapes and nesting, no more: a part's own syntax is left to
 * JSON.parse. The object's outline (braces, keys, colons, commas) is checked here.
 */

export interface JsonPart {
	key: string;
	/** The element's position when the member's value is an array; null for a whole value. */
	index: number | null;
	json: string;
}

export class JsonSplitError extends Error {}

export class PartTooLargeError extends JsonSplitError {
	constructor(
		readonly where: string,
		readonly maxChars: number
	) {
		super(`${where} is longer than ${maxChars} characters`);
	}
}

type State = 'start' | 'key-or-end' | 'key' | 'colon' | 'value' | 'element-or-end' | 'element' | 'after-element' | 'after-member' | 'done';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class JsonMemberSplitter {
	private state: State = 'start';
	/** Characters read so far (for messages). */
	private offset = 0;
	private key = '';
	private index = 0;
	/** The part being read: text of earlier chunks, and where it starts in the current one. */
	private carried = '';
	private partStart = -1;
	private depth = 0;
	private inString = false;
	private escaped = false;
	private members = 0;

	constructor(private readonly maxPartChars: number) {}

	/** Feeds the next piece of text; returns the parts completed in it. */
	push(text: string): JsonPart[] {
		const parts: JsonPart[] = [];
		let i = 0;
		const n = text.length;
		while (i < n) {
			const c = text.charCodeAt(i);
			switch (this.state) {
				case 'start':
				case 'key-or-end':
				case 'colon':
				case 'element-or-end':
				case 'after-element':
				case 'after-member':
				case 'done':
					if (isSpace(c) || this.outline(c, text, i)) break;
					// Not consumed: the first character of an array's element.
					continue;
				case 'key':
				case 'value':
				case 'element':
					i = this.scan(text, i, parts);
					continue;
			}
			i++;
		}
		this.keepPart(text);
		this.offset += n;
		return parts;
	}

	/** The text has ended: the object must be complete. */
	end(): void {
		if (this.state !== 'done') throw new JsonSplitError(this.state === 'start' ? 'the file is empty' : `the file ends in the middle (after ${this.offset} characters)`);
	}

	private fail(what: string, at: number): never {
		throw new JsonSplitError(`${what} at character ${this.offset + at + 1}`);
	}

	/** A character of the object's outline (outside any part); false when it starts an element instead. */
	private outline(c: number, text: string, i: number): boolean {
		const ch = String.fromCharCode(c);
		this.reads(ch, text, i);
		return !(this.state === 'element' && ch !== ',');
	}

	private reads(ch: string, text: string, i: number): void {
		switch (this.state) {
			case 'start':
				if (ch !== '{') this.fail('expected a JSON object ("{")', i);
				this.state = 'key-or-end';
				return;
			case 'key-or-end':
				if (ch === '}' && this.members === 0) return void (this.state = 'done');
				if (ch !== '"') this.fail('expected a key in quotes', i);
				this.begin(text, i);
				this.inString = true;
				this.state = 'key';
				return;
			case 'colon':
				if (ch !== ':') this.fail('expected ":"', i);
				this.state = 'value';
				return;
			case 'element-or-end':
				this.state = ch === ']' ? 'after-member' : 'element';
				return;
			case 'after-element':
				if (ch === ',') return void (this.state = 'element');
				if (ch === ']') return void (this.state = 'after-member');
				this.fail('expected "," or "]"', i);
				return;
			case 'after-member':
				this.members++;
				if (ch === ',') return void (this.state = 'key-or-end');
				if (ch === '}') return void (this.state = 'done');
				this.fail('expected "," or "}"', i);
				return;
			case 'done':
				this.fail('unexpected text after the object', i);
		}
	}

	/**
	 * Reads a key, a member's value or an array element from `i`; returns where it stopped
	 * (at the character that ended the part, which belongs to the outline).
	 */
	private scan(text: string, i: number, parts: JsonPart[]): number {
		const n = text.length;
		if (this.partStart < 0 && this.carried === '') {
			// Skip the space before the value, and see whether it is an array to split.
			while (i < n && isSpace(text.charCodeAt(i))) i++;
			if (i === n) return n;
			if (this.state === 'value' && text.charCodeAt(i) === 0x5b /* [ */) {
				this.index = 0;
				this.state = 'element-or-end';
				return i + 1;
			}
			if (this.state === 'element' && text.charCodeAt(i) === 0x5d /* ] */) this.fail('expected an element', i);
			this.begin(text, i);
		}
		for (; i < n; i++) {
			const c = text.charCodeAt(i);
			if (this.inString) {
				if (this.escaped) this.escaped = false;
				else if (c === 0x5c /* \ */) this.escaped = true;
				else if (c === 0x22 /* " */) {
					this.inString = false;
					if (this.state === 'key') {
						this.key = this.finishKey(this.take(text, i + 1), i);
						this.state = 'colon';
						return i + 1;
					}
				}
				continue;
			}
			if (c === 0x22) this.inString = true;
			else if (c === 0x7b || c === 0x5b) this.depth++;
			else if (c === 0x7d || c === 0x5d || c === 0x2c) {
				if (this.depth > 0) {
					if (c !== 0x2c) this.depth--;
					continue;
				}
				// The part ends here; the character belongs to the outline around it.
				const json = this.take(text, i).trim();
				if (this.state === 'value') {
					parts.push({ key: this.key, index: null, json });
					this.state = 'after-member';
				} else {
					parts.push({ key: this.key, index: this.index++, json });
					this.state = 'after-element';
				}
				return i;
			}
		}
		return n;
	}

	private begin(text: string, i: number): void {
		this.partStart = i;
		this.carried = '';
		this.depth = 0;
		this.escaped = false;
	}

	/** The part's text up to `end` (not included); the part is then over. */
	private take(text: string, end: number): string {
		const whole = this.carried + text.slice(Math.max(0, this.partStart), end);
		if (whole.length > this.maxPartChars) this.tooLarge();
		this.carried = '';
		this.partStart = -1;
		return whole;
	}

	/** At the end of a chunk, the unfinished part's text is carried to the next. */
	private keepPart(text: string): void {
		if (this.partStart < 0 && this.carried === '') return;
		if (this.state !== 'key' && this.state !== 'value' && this.state !== 'element') return;
		this.carried += text.slice(Math.max(0, this.partStart));
		this.partStart = 0;
		if (this.carried.length > this.maxPartChars) this.tooLarge();
	}

	private tooLarge(): never {
		const where = this.state === 'element' ? `${this.key}[${this.index}]` : this.state === 'key' ? 'a key' : this.key;
		throw new PartTooLargeError(where, this.maxPartChars);
	}

	private finishKey(raw: string, at: number): string {
		try {
			return JSON.parse(raw) as string;
		} catch {
			this.fail('a key is not a valid JSON string', at);
		}
	}
}
