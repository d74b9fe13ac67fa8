/** The `id` of something that failed validation, when it has a string one (cut short), for error reports. */
export function rawIdOf(raw: unknown): string | null {
	const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
	return typeof id === 'string' ? id.slice(0, 200) : null;
}
