import { describe, expect, it } from 'vitest';
import { m } from '$lib/i18n';

/** DevicesPanel's line of failed pairings (GET …/devices `pairingFailures`): wrong pairing codes and, since issue 29, wrong table cards. */
describe('the devices panel’s failed pairings', () => {
	const line = (locale: 'en' | 'cs' | 'es') => m.org_pairing_failures({ count: 13, when: '10:03', address: '192.0.2.7' }, { locale });

	it('counts wrong pairing codes and wrong table cards alike, in every language', () => {
		expect(line('en')).toMatch(/^Wrong pairing codes or table cards: 13 \(the last on 10:03, from 192\.0\.2\.7\)\./);
		expect(line('cs')).toMatch(/kód.*kart|kart.*kód/i);
		expect(line('es')).toMatch(/código.*tarjeta|tarjeta.*código/i);
		for (const l of ['en', 'cs', 'es'] as const) expect(line(l)).toContain('13');
	});
});
