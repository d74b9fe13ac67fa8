import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareCheckedPushBytes, PushFormatError, PushTooLargeError } from './push-validation';
import { PushValidator } from './push-validator';
import { MAX_PUSH_BYTES } from '$lib/contract';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const event = { id: 'a-1', deviceId: 'a', seq: 1, at: 5, mono: 1, judge: 'Eva', competitionId: 'c1', heatId: 'h1', entryId: 'e1', type: 'hand.raised', payload: {} };

let dir: string | undefined;
const validators: PushValidator[] = [];
afterEach(async () => {
	await Promise.all(validators.splice(0).map((v) => v.close()));
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe('push validator on this thread (no compiled worker file)', () => {
	const validator = new PushValidator(null, 1);

	it('validates each event and makes its row', async () => {
		const push = await validator.prepare(bytes(JSON.stringify({ events: [event, { ...event, id: 'a-2', seq: 0 }] })));
		expect(push.valid).toEqual([{ index: 0, row: { id: 'a-1', competitionId: 'c1', heatId: 'h1', entryId: 'e1', deviceId: 'a', seq: 1, at: 5, json: JSON.stringify(event) } }]);
		expect(push.refused).toMatchObject([{ index: 1, id: 'a-2' }]);
	});

	it('scans a push’s bytes once, on the calling thread: the thread’s part only parses (issue 31 #5)', async () => {
		// A lone surrogate escape: the scan refuses it; JSON.parse alone takes it.
		const body = bytes('{"events":[{"note":"\\ud800"}]}');
		await expect(validator.prepare(body)).rejects.toThrow(/lone UTF-16 surrogate/);
		const parsedOnly = prepareCheckedPushBytes(body);
		expect(parsedOnly.valid).toEqual([]);
		expect(parsedOnly.refused).toHaveLength(1);
		expect(parsedOnly.refused[0]!.reason).not.toMatch(/surrogate/);
	});

	it('refuses a set-up entry nested 2,000 to 20,000 deep at once, with its message (issue 12.2)', async () => {
		for (const depth of [65, 2000, 5000, 10_000, 20_000]) {
			const body = bytes(`{"events":[],"setup":{"entries":[${'['.repeat(depth)}${']'.repeat(depth)}]}}`);
			await expect(validator.prepare(body)).rejects.toThrow(/^the body nests arrays and objects deeper than 64 levels/);
		}
		expect((await validator.prepare(bytes(`{"events":[],"setup":{"entries":[${'['.repeat(60)}${']'.repeat(60)}]}}`))).setup?.entries).toHaveLength(1);
	});

	it('refuses a note that is not UTF-8 and a lone surrogate, naming the field (issue 12.6)', async () => {
		const note = new Uint8Array(Buffer.concat([Buffer.from(`{"events":[${JSON.stringify(event)},{"payload":{"note":"N`), Buffer.from([0xff]), Buffer.from('OTE"}}]}')]));
		await expect(validator.prepare(note)).rejects.toThrow(/^events\[1\]\.payload\.note: the body is not valid UTF-8/);
		await expect(validator.prepare(bytes('{"events":[{"judge":"Eva \\udc00"}]}'))).rejects.toThrow(/^events\[0\]\.judge: a lone UTF-16 surrogate/);
	});

	it('refuses what is not JSON, not a push, or too large with the errors the endpoint answers', async () => {
		await expect(validator.prepare(bytes('{"events": ['))).rejects.toThrow(PushFormatError);
		await expect(validator.prepare(bytes('{"events": ['))).rejects.toThrow(/the body is not JSON/);
		await expect(validator.prepare(bytes('{"evnts": []}'))).rejects.toThrow(/a push is \{"events": \[...\]\}/);
		await expect(validator.prepare(new Uint8Array(MAX_PUSH_BYTES + 1))).rejects.toThrow(PushTooLargeError);
	});
});

describe('push validator threads', () => {
	/** A stand-in for the compiled module: answers with nothing valid, or dies on "crash". */
	function fakeWorker(): URL {
		dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-validator-'));
		const file = join(dir, 'worker.mjs');
		writeFileSync(
			file,
			`import { parentPort } from 'node:worker_threads';
			parentPort.on('message', ({ id, bytes }) => {
				const text = Buffer.from(bytes).toString('utf8');
				if (text === 'crash') process.exit(3);
				if (text === 'bad') return parentPort.postMessage({ id, error: { kind: 'format', message: 'the body is not JSON: bad' } });
				parentPort.postMessage({ id, push: { valid: { indexes: new Int32Array([2]), ids: ['x'], competitionIds: ['c'], heatIds: ['h'], entryIds: ['e'], deviceIds: ['d'], jsons: [text], numbers: new Float64Array([7, 9]) }, refused: [], setup: undefined, clock: undefined } });
			});`
		);
		return pathToFileURL(file);
	}

	it('sends bodies to a thread and unpacks its answers; a thread that dies fails its pushes and is replaced', async () => {
		const validator = new PushValidator(fakeWorker(), 1);
		validators.push(validator);
		validator.warm();
		const push = await validator.prepare(bytes('{"n":1}'));
		expect(push.valid).toEqual([{ index: 2, row: { id: 'x', competitionId: 'c', heatId: 'h', entryId: 'e', deviceId: 'd', seq: 7, at: 9, json: '{"n":1}' } }]);
		await expect(validator.prepare(bytes('bad'))).rejects.toThrow(PushFormatError);
		await expect(validator.prepare(bytes('crash'))).rejects.toThrow(/thread stopped \(exit code 3\)/);
		// The next push gets a new thread.
		expect((await validator.prepare(bytes('{"n":2}'))).valid[0]!.row.json).toBe('{"n":2}');
	});

	it('refuses a body nested too deep on the calling thread: the thread never gets it', async () => {
		const validator = new PushValidator(fakeWorker(), 1);
		validators.push(validator);
		// The fake thread would die on this text ("crash"); the check comes first.
		await expect(validator.prepare(bytes(`{"events":[${'['.repeat(5000)}${']'.repeat(5000)}]}`))).rejects.toThrow(PushFormatError);
		expect((await validator.prepare(bytes('{"n":3}'))).valid[0]!.row.json).toBe('{"n":3}');
	});

	it('an answer the main thread cannot read (deeply nested) fails the push at once instead of leaving it waiting (issue 12.2: no answer in 60 s)', async () => {
		dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-validator-'));
		const file = join(dir, 'deep-answer.mjs');
		// Serializing this on the thread succeeds; reading it on the main thread overflows the stack ('messageerror').
		writeFileSync(
			file,
			`import { parentPort } from 'node:worker_threads';
			parentPort.on('message', ({ id }) => {
				let deep = [];
				for (let i = 0; i < 5000; i++) deep = [deep];
				try { parentPort.postMessage({ id, push: { valid: deep, refused: [], setup: undefined, clock: undefined } }); } catch { parentPort.postMessage({ id, error: { kind: 'other', message: 'too deep to send' } }); }
			});`
		);
		const validator = new PushValidator(pathToFileURL(file), 1);
		validators.push(validator);
		const started = Date.now();
		await expect(validator.prepare(bytes('{"events":[]}'))).rejects.toThrow(/could not be read/);
		expect(Date.now() - started).toBeLessThan(5000);
	});

	it('spreads pushes over its threads, all answered', async () => {
		const validator = new PushValidator(fakeWorker(), 2);
		validators.push(validator);
		const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => validator.prepare(bytes(`{"n":${i}}`))));
		expect(answers.map((a) => a.valid[0]!.row.json)).toEqual(Array.from({ length: 20 }, (_, i) => `{"n":${i}}`));
	});
});
