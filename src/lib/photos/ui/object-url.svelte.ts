/**
 * A blob shown in an <img>: its object URL while the component lives, revoked when the blob
 * changes or the component is destroyed (an unrevoked URL keeps the bytes in memory).
 * Call in a component's script: `const url = objectUrl(() => blob)`.
 */
export function objectUrl(blob: () => Blob | null | undefined): { readonly current: string | null } {
	let current = $state<string | null>(null);
	$effect(() => {
		const b = blob();
		if (!b) {
			current = null;
			return;
		}
		const url = URL.createObjectURL(b);
		current = url;
		return () => URL.revokeObjectURL(url);
	});
	return {
		get current() {
			return current;
		}
	};
}
