/**
 * Seats named for people in few words: runs of consecutive numbers as ranges ("7–10"), other
 * labels as they are, in the order given ("2, 5–7, A").
 */
export function seatRanges(labels: readonly string[]): string {
	const parts: string[] = [];
	let from: number | null = null;
	let to: number | null = null;
	const flush = () => {
		if (from !== null) parts.push(from === to ? String(from) : `${from}–${to}`);
		from = to = null;
	};
	for (const label of labels) {
		const n = /^\d+$/.test(label) ? Number(label) : null;
		if (n !== null && to !== null && n === to + 1) to = n;
		else {
			flush();
			if (n !== null) from = to = n;
			else parts.push(label);
		}
	}
	flush();
	return parts.join(', ');
}
