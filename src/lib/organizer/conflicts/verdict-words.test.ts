import { describe, expect, it } from 'vitest';
import { MIN, T0 } from '$lib/scoring/testkit';
import { tabletLog } from './conflicts.testkit';
import { shortVerdictWords, verdictWords } from './verdict-words';

describe('verdict words', () => {
	const a = tabletLog('tab-a');
	const hand = a.hand('ana', T0 + 40 * MIN);
	const checks = [a.confirm(hand, T0 + 41 * MIN), a.confirm(hand, T0 + 42 * MIN, 2), a.reject(hand, T0 + 43 * MIN, 'two pieces off')];

	it('say a check as confirmed, confirmed with pieces missing, or rejected (its reason is said elsewhere)', () => {
		expect(checks.map((c) => verdictWords(c, { locale: 'en' }))).toEqual(['check confirmed', 'check confirmed, 2 pieces missing', 'check rejected']);
		expect(checks.map((c) => shortVerdictWords(c, { locale: 'en' }))).toEqual(['confirmed', 'confirmed, 2 pieces missing', 'rejected']);
	});

	it('in the locale asked for', () => {
		expect(verdictWords(checks[1]!, { locale: 'cs' })).toBe('kontrola potvrzena, chybí 2 dílky');
		expect(checks.map((c) => shortVerdictWords(c, { locale: 'es' }))).toEqual(['confirmada', 'confirmada, faltan 2 piezas', 'rechazada']);
	});
});
