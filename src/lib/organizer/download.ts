/** Saves text as a file through the browser's download (the organizer's key, standings). */
export function downloadText(fileName: string, text: string, type = 'text/plain'): void {
	downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Saves a file already in the browser (a downloaded backup) through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
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
