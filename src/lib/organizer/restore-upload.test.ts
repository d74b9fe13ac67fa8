import { describe, expect, it } from 'vitest';
import type { RestoreAnswer } from '$lib/contract';
import { uploadBackup, type UploadProgress } from './restore-upload';

/** Enough of XMLHttpRequest: records what is sent, reports upload progress in 3 steps, then answers. */
class FakeXhr {
	opened: [string, string] | null = null;
	headers: Record<string, string> = {};
	sent: unknown = null;
	status = 0;
	responseText = '';
	upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
	onload: (() => void) | null = null;
	onerror: (() => void) | null = null;
	constructor(private readonly answer: { status: number; body: string } | 'network-error') {}
	open(method: string, url: string) {
		this.opened = [method, url];
	}
	setRequestHeader(name: string, value: string) {
		this.headers[name] = value;
	}
	send(body: Blob) {
		this.sent = body;
		queueMicrotask(() => {
			for (const loaded of [0, body.size / 2, body.size]) this.upload.onprogress?.({ loaded, total: body.size, lengthComputable: true });
			this.upload.onload?.();
			if (this.answer === 'network-error') return this.onerror?.();
			this.status = this.answer.status;
			this.responseText = this.answer.body;
			this.onload?.();
		});
	}
}

const file = new Blob(['{"format":"puzzle-judge-backup"}\n'.repeat(100)]);
const upload = (answer: ConstructorParameters<typeof FakeXhr>[0], adminKey?: string) => {
	const xhr = new FakeXhr(answer);
	const progress: UploadProgress[] = [];
	const done = uploadBackup({ server: 'http://judge.test/', file, adminKey, onProgress: (p) => progress.push(p), makeRequest: () => xhr as unknown as XMLHttpRequest });
	return { xhr, progress, done };
};

describe('uploadBackup: the organizer restores a backup file with progress (issue 12, point 5)', () => {
	it('sends the file itself (not read into memory) with the admin key, reports progress, and answers what was restored', async () => {
		const restored: RestoreAnswer = {
			eventId: 'spring',
			version: 2,
			counts: { rulesets: 1, competitions: 1, heats: 1, entries: 4, devices: 2, judgeEvents: 5, heatStarts: 0, publications: 0, merges: 0 },
			numbering: 'kept',
			replacedDemo: false
		};
		const { xhr, progress, done } = upload({ status: 201, body: JSON.stringify(restored) }, 'key-0123456789');
		expect(await done).toEqual(restored);
		expect(xhr.opened).toEqual(['POST', 'http://judge.test/api/restore']);
		expect(xhr.sent).toBe(file);
		expect(xhr.headers).toMatchObject({ authorization: 'Bearer key-0123456789', 'content-type': 'application/x-ndjson' });
		expect(progress.map((p) => [p.sent, p.done])).toEqual([
			[0, false],
			[file.size / 2, false],
			[file.size, false],
			[file.size, true]
		]);
	});

	it("gives the server's message when it refuses, and says when the server cannot be reached", async () => {
		const refused = upload({ status: 403, body: JSON.stringify({ message: 'restoring a backup over the network needs the server\'s admin key' }) });
		await expect(refused.done).rejects.toMatchObject({ kind: 'auth', status: 403, message: expect.stringMatching(/needs the server's admin key/) });
		expect(refused.xhr.headers.authorization).toBeUndefined();
		await expect(upload({ status: 400, body: '<html>' }).done).rejects.toMatchObject({ kind: 'client', message: 'HTTP 400' });
		await expect(upload('network-error').done).rejects.toMatchObject({ kind: 'unreachable' });
	});
});
