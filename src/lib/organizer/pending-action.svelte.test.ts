import { describe, expect, it } from 'vitest';
import { PendingAction } from './pending-action.svelte';

describe('PendingAction: busy while it runs, then its message or its error', () => {
	it('is busy while the action runs and keeps what it said', async () => {
		const action = new PendingAction();
		let finish!: (said: string) => void;
		const running = action.run(() => new Promise<string>((resolve) => (finish = resolve)));
		expect(action.busy).toBe(true);
		finish('Version 1 published.');
		expect(await running).toBe(true);
		expect(action).toMatchObject({ busy: false, done: 'Version 1 published.', failure: null });
	});

	it('keeps the error’s message in place of the last message, and is no longer busy', async () => {
		const action = new PendingAction();
		await action.run(async () => 'saved');
		expect(await action.run(() => Promise.reject(new Error('409 conflict')))).toBe(false);
		expect(action).toMatchObject({ busy: false, done: null, failure: '409 conflict' });
		await action.run(() => Promise.reject('offline'));
		expect(action.failure).toBe('offline');
	});

	it('says nothing for an action that returns nothing; ignores a second tap while busy; clear() forgets', async () => {
		const action = new PendingAction();
		let calls = 0;
		let finish!: () => void;
		const first = action.run(() => new Promise<void>((resolve) => ((finish = resolve), calls++)));
		expect(await action.run(async () => void calls++)).toBe(false);
		finish();
		expect(await first).toBe(true);
		expect(calls).toBe(1);
		expect(action.done).toBeNull();
		await action.run(() => Promise.reject(new Error('x')));
		action.clear();
		expect(action).toMatchObject({ done: null, failure: null });
	});
});
