import { describe, expect, it } from 'vitest';
import { boxFaultPendingLabel, statusLabel } from './status';

describe('status words', () => {
	it('an entry whose pieces from the box await the organizer is marked pending, in the language asked for', () => {
		expect(boxFaultPendingLabel({ boxFaultPending: 0 })).toBeNull();
		expect(boxFaultPendingLabel({ boxFaultPending: 2 }, { locale: 'en' })).toBe('Missing from the box: pending');
		expect(boxFaultPendingLabel({ boxFaultPending: 1 }, { locale: 'cs' })).toBe('Chybí v krabici: čeká se');
		expect(statusLabel('finished', { locale: 'en' })).toBeTruthy();
	});
});
