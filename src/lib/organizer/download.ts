/** Saves text as a file through the browser's download (the organizer's key, a backup, standings). */
export function downloadText(fileName: string, text: string, type = 'text/plain'): void {
	const blob = new Blob([text], { type: `${type};charset=utf-8` });
	const a = document.createElement('a');
	a.href = URL.createObjectURL(blob);
	a.download = fileName;
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** A SyncApi's surroundings in the browser. */
export const browserTimers = {
	fetch: (input: string, init?: RequestInit) => globalThis.fetch(input, init),
	setTimeout: (callback: () => void, ms: number) => globalThis.setTimeout(callback, ms),
	clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>)
};
