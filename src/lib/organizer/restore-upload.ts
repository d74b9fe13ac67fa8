import { failure } from '$lib/sync/client/api';
import { API, type RestoreAnswer } from '$lib/contract';
import { ApiError } from '$lib/sync/client/errors';

/**
 * Sends a backup file to a server's POST /api/restore (docs/sync.md, Backup) as it is on disk:
 * XMLHttpRequest streams a File without reading it into memory and reports the upload's
 * progress (a streamed fetch upload needs HTTP/2). The server reads the body as it arrives
 * and answers once it has checked and stored all of it (or nothing).
 */

export interface UploadProgress {
	sent: number;
	total: number;
	/** The whole file is sent: the server is checking and storing it. */
	done: boolean;
}

export interface UploadOptions {
	server: string;
	file: Blob;
	adminKey?: string;
	onProgress?: (progress: UploadProgress) => void;
	/** Made here in the browser; a test gives its own. */
	makeRequest?: () => XMLHttpRequest;
}

export function uploadBackup(options: UploadOptions): Promise<RestoreAnswer> {
	const { file, onProgress } = options;
	const xhr = options.makeRequest?.() ?? new XMLHttpRequest();
	const server = options.server.replace(/\/+$/, '');
	return new Promise((resolve, reject) => {
		xhr.open(API.restore.method, `${server}${API.restore.route}`);
		xhr.setRequestHeader('content-type', 'application/x-ndjson');
		xhr.setRequestHeader('accept', 'application/json');
		if (options.adminKey) xhr.setRequestHeader('authorization', `Bearer ${options.adminKey}`);
		xhr.upload.onprogress = (e) => onProgress?.({ sent: e.loaded, total: e.lengthComputable ? e.total : file.size, done: false });
		xhr.upload.onload = () => onProgress?.({ sent: file.size, total: file.size, done: true });
		xhr.onerror = () => reject(new ApiError('unreachable', `cannot reach ${server}`));
		xhr.onload = () => {
			let json: unknown;
			try {
				json = JSON.parse(xhr.responseText);
			} catch {
				json = undefined;
			}
			if (xhr.status !== API.restore.status) return reject(failure(xhr.status, json));
			const answer = API.restore.answer.safeParse(json);
			if (answer.success) resolve(answer.data);
			else reject(new ApiError('bad-answer', `unexpected answer to POST /api/restore`, xhr.status));
		};
		xhr.send(file);
	});
}
