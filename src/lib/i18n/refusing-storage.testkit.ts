/** A localStorage that refuses everything, as in a private window or with the quota used up. */
export function refusingStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
	return {
		getItem: () => {
			throw new Error('SecurityError');
		},
		setItem: () => {
			throw new Error('QuotaExceededError');
		},
		removeItem: () => {
			throw new Error('SecurityError');
		}
	};
}
