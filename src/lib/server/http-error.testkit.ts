import { isHttpError } from '@sveltejs/kit';

/** What `fn` answers over HTTP: 200 when it returns, else the status and message of the HttpError it throws. */
export function answerOf(fn: () => unknown): { status: number; message: string } {
	try {
		fn();
		return { status: 200, message: '' };
	} catch (e) {
		if (isHttpError(e)) return { status: e.status, message: e.body.message };
		throw e;
	}
}
