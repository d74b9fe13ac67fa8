/** Saves text as a file through the browser's download (the organizer's key, standings, a tablet's events). */
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
