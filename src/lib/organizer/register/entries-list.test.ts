import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import type { Registration } from '$lib/registration/schema';
import { competitionList } from './entries-list';
import { capacityLine, moneyWords } from './entries-words';

const reg = (id: string, status: Registration['status'], registeredAt: number, members = 1, competitionId = 'c'): Registration => ({
	id,
	eventId: 'e',
	competitionId,
	name: id,
	memberIds: Array.from({ length: members }, (_, i) => `${id}-p${i}`),
	registeredAt,
	status,
	fee: { amount: 400, currency: 'CZK' },
	paid: null,
	cancelled: status === 'cancelled' ? { at: 5, refundDue: true } : null,
	version: 1
});

describe('a competition’s list', () => {
	it('CZ-IND-CAP: the registered and the waiting list in registration order, the places counted in people: "78 of 80 places, 5 on the waiting list"', () => {
		const regs = [
			...Array.from({ length: 78 }, (_, i) => reg(`r${i}`, 'registered', 1000 + i)),
			reg('w3', 'waiting', 3003),
			reg('w1', 'waiting', 3001),
			reg('w2', 'waiting', 3002),
			reg('w5', 'waiting', 3005),
			reg('w4', 'waiting', 3004),
			reg('x', 'cancelled', 10),
			reg('other', 'registered', 1, 1, 'other')
		];
		const list = competitionList(regs, 'c', presetById('czjpa-individual')!);
		expect(list.waiting.map((r) => r.id)).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
		expect(list.registered).toHaveLength(78);
		expect(list.cancelled.map((r) => r.id)).toEqual(['x']);
		expect(list.capacity).toEqual({ taken: 78, max: 80, per: 'person' });
		expect(capacityLine(list, { locale: 'en' })).toBe('78 of 80 places, 5 on the waiting list');
		expect(capacityLine(list, { locale: 'cs' })).toBe('obsazeno 78 z 80 míst, na čekací listině 5');
		expect(capacityLine(list, { locale: 'es' })).toBe('78 de 80 plazas, 5 en lista de espera');
	});

	it('CZ-TEAM-CAP: a team competition whose teams register whole counts its places in teams, not people', () => {
		const relay = presetById('czjpa-team-relay')!;
		const list = competitionList([reg('t1', 'registered', 1, 4), reg('t2', 'registered', 2, 4)], 'c', { ...relay, unit: { ...relay.unit, drawn: false } });
		expect(list.capacity).toEqual({ taken: 2, max: 20, per: 'entry' });
		expect(capacityLine(list, { locale: 'en' })).toBe('2 of 20 entries');
	});

	it('CZ-TEAM-CAP, CZ-TEAM-DRAW: the drawn relay counts the people who registered alone against 20 teams × 4', () => {
		const regs = Array.from({ length: 12 }, (_, i) => reg(`p${i}`, 'registered', i));
		const list = competitionList(regs, 'c', presetById('czjpa-team-relay')!);
		expect(list.capacity).toEqual({ taken: 12, max: 80, per: 'person' });
		expect(capacityLine(list, { locale: 'en' })).toBe('12 of 80 places');
	});

	it('ES-CAT: a category without a limit says how many registered', () => {
		const list = competitionList([reg('a', 'registered', 1, 2)], 'c', presetById('es-kids-pairs-5-7')!);
		expect(capacityLine(list, { locale: 'en' })).toBe('1 registered, no limit on numbers');
	});

	it('ES-FEE: amounts in their currency in each language', () => {
		expect(moneyWords(5, 'EUR', { locale: 'es' })).toMatch(/^5\s€$/);
		expect(moneyWords(1.5, 'EUR', { locale: 'es' })).toMatch(/^1,50\s€$/);
		expect(moneyWords(32_000, 'CZK', { locale: 'cs' })).toMatch(/^32\s000\sKč$/);
		expect(moneyWords(400, 'CZK', { locale: 'en' })).toMatch(/^CZK\s400$/);
	});
});
