import { describe, expect, it } from 'vitest';
import { readPaid, readStatus } from './cell-words';

describe('paid and status cells', () => {
	it.each(['yes', 'YES', 'ano', 'Ano', 'sí', 'Si', 'x', 'true', 'zaplaceno', 'pagado', '✓', '400', '400 Kč', '5,00 €', '12.50'])('%j is paid', (t) => {
		expect(readPaid(t)).toBe(true);
	});

	it.each(['', ' ', 'no', 'ne', 'NE', 'false', 'nezaplaceno', 'pendiente', '0', '0,00', '-', '✗'])('%j is not paid', (t) => {
		expect(readPaid(t)).toBe(false);
	});

	it.each(['maybe', 'later', 'snad'])('%j is not understood', (t) => {
		expect(readPaid(t)).toBeUndefined();
	});

	it('reads status words in cs/es/en', () => {
		expect(readStatus('Zrušeno')).toBe('cancelled');
		expect(readStatus('cancelado')).toBe('cancelled');
		expect(readStatus('cancelled')).toBe('cancelled');
		expect(readStatus('Lista de espera')).toBe('waiting');
		expect(readStatus('čeká')).toBe('waiting');
		expect(readStatus('registered')).toBe('registered');
		expect(readStatus('')).toBeUndefined();
		expect(readStatus('VIP')).toBeUndefined();
	});
});
