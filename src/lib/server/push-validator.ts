import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkJsonBytes } from './json-bytes-check';
import { describeJsonBytesProblem } from './json-body';
import { packRows, unpackRows, type PackedRows } from './packed-rows';
import { prepareCheckedPushBytes, PushFormatError, PushTooLargeError, type PreparedPush } from './push-validation';
import { MAX_PUSH_BYTES } from '$lib/contract';

/**
 * Validates pushes on worker threads, so that the main thread only serves requests and writes
 * to SQLite while another core parses and checks the next pushes (a reconnect storm is
 * CPU-bound: bench/README.md). This module is its own worker: the production build starts
 * its compiled file as a thread. Where the file is TypeScript (vite dev, vitest) or
 * PUSH_WORKERS=0, the same validation runs on the main thread.
 */

const ROLE = 'puzzle-judge/push-validation';

type ErrorKind = 'format' | 'too-large' | 'other';
type Answer =
	| { id: number; push: Omit<PreparedPush, 'valid'> & { valid: PackedRows } }
	| { id: number; error: { kind: ErrorKind; message: string } };

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === ROLE) {
	const port = parentPort!;
	port.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
		let answer: Answer;
		try {
			const push = prepareCheckedPushBytes(bytes);
			answer = { id, push: { ...push, valid: packRows(push.valid) } };
		} catch (e) {
			const kind: ErrorKind = e instanceof PushFormatError ? 'format' : e instanceof PushTooLargeError ? 'too-large' : 'other';
			answer = { id, error: { kind, message: e instanceof Error ? e.message : String(e) } };
		}
		try {
			port.postMessage(answer);
		} catch (e) {
			// An answer that cannot be sent (a value the structured clone cannot copy) is an answer too: never leave a push waiting.
			port.postMessage({ id, error: { kind: 'other', message: `the push's validation could not be answered: ${e instanceof Error ? e.message : String(e)}` } } satisfies Answer);
		}
	});
}

interface Slot {
	worker: Worker;
	pending: Map<number, { resolve: (push: PreparedPush) => void; reject: (error: Error) => void }>;
}

export class PushValidator {
	private readonly slots: Slot[] = [];
	private nextId = 1;

	/** `workerFile`: the compiled module to start as a thread (null: validate on this thread). */
	constructor(
		private readonly workerFile: URL | null,
		private readonly size: number
	) {}

	/**
	 * The validated push; rejects with PushFormatError (400) or PushTooLargeError (413). Bodies
	 * too large, nested too deep or not UTF-8 are refused here, on the calling thread, before a
	 * thread parses them (the bytes are scanned once: the thread only decodes and parses): answers carry parts of the body back, and a deeply nested one cannot be copied
	 * between threads (the receiving side overflows its stack and drops the message).
	 */
	prepare(bytes: Uint8Array): Promise<PreparedPush> {
		if (bytes.byteLength > MAX_PUSH_BYTES) return Promise.reject(new PushTooLargeError());
		const problem = checkJsonBytes(bytes);
		if (problem) return Promise.reject(new PushFormatError(describeJsonBytesProblem(bytes, problem)));
		if (!this.workerFile || this.size < 1) return new Promise((resolve) => resolve(prepareCheckedPushBytes(bytes)));
		const slot = this.leastBusy();
		const id = this.nextId++;
		return new Promise<PreparedPush>((resolve, reject) => {
			slot.pending.set(id, { resolve, reject });
			// The request's own buffer moves to the worker: no copy of the body.
			const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
			slot.worker.postMessage({ id, bytes }, whole ? [bytes.buffer as ArrayBuffer] : []);
		});
	}

	/** Starts the threads now (at server start), so that the first pushes do not wait for a thread to load. */
	warm(): void {
		if (this.workerFile) while (this.slots.length < this.size) this.slots.push(this.start());
	}

	/** Stops the threads; pending validations are refused. */
	async close(): Promise<void> {
		await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
	}

	private leastBusy(): Slot {
		this.warm();
		return this.slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
	}

	private start(): Slot {
		const worker = new Worker(this.workerFile!, { workerData: { role: ROLE } });
		const slot: Slot = { worker, pending: new Map() };
		worker.on('message', (answer: Answer) => {
			const waiting = slot.pending.get(answer.id);
			if (!waiting) return;
			slot.pending.delete(answer.id);
			if ('push' in answer) waiting.resolve({ ...answer.push, valid: unpackRows(answer.push.valid) });
			else waiting.reject(errorOf(answer.error.kind, answer.error.message));
		});
		const fail = (error: Error) => {
			// A thread that died is replaced at the next push; the pushes it held are answered 500 and re-sent by the devices.
			const i = this.slots.indexOf(slot);
			if (i >= 0) this.slots.splice(i, 1);
			for (const waiting of slot.pending.values()) waiting.reject(error);
			slot.pending.clear();
		};
		worker.on('error', fail);
		// An answer this thread could not read: which push it was is unknown, so the thread's pushes all fail (500, re-sent by the devices) and the thread is replaced.
		worker.on('messageerror', (error) => {
			fail(new Error(`an answer of the push validation thread could not be read: ${error instanceof Error ? error.message : String(error)}`));
			void worker.terminate();
		});
		worker.on('exit', (code) => fail(new Error(`the push validation thread stopped (exit code ${code})`)));
		// Idle threads must not keep the server process alive (after the listeners: adding one refs it again).
		worker.unref();
		return slot;
	}
}

function errorOf(kind: ErrorKind, message: string): Error {
	if (kind === 'format') return new PushFormatError(message);
	if (kind === 'too-large') return new PushTooLargeError();
	return new Error(message);
}

let validator: PushValidator | undefined;

/** The server's validator: PUSH_WORKERS threads (default: one per core but one, at least one, at most 4). */
export function getPushValidator(): PushValidator {
	if (!validator) {
		const own = new URL(import.meta.url);
		const compiled = own.protocol === 'file:' && own.pathname.endsWith('.js');
		const configured = process.env.PUSH_WORKERS;
		const size = configured !== undefined && configured !== '' ? Math.max(0, Math.floor(Number(configured)) || 0) : Math.min(4, Math.max(1, availableParallelism() - 1));
		validator = new PushValidator(compiled ? own : null, size);
	}
	return validator;
}
