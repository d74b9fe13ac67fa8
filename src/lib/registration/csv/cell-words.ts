import type { RegistrationStatus } from '../schema';
import { headerKey } from './columns';

/**
 * The words of a registration file's "paid" and "status" cells, in Czech, Spanish and English
 * ("ano", "sí", "x", an amount; "zrušeno", "cancelado"). Undefined: a word not understood.
 */

const YES = new Set(['yes', 'y', 'true', 'paid', 'x', 'ok', 'ano', 'a', 'zaplaceno', 'zaplacen', 'zaplacena', 'uhrazeno', 'si', 's', 'pagado', 'pagada', 'abonado', 'verdadero', 'pravda']);
const NO = new Set(['no', 'n', 'false', 'unpaid', 'not paid', 'ne', 'nezaplaceno', 'neuhrazeno', 'no pagado', 'pendiente', 'falso', 'nepravda']);
const AMOUNT = /^\d+(?:[.,]\d+)?(?:\s*(?:czk|kč|kc|eur|€|\$|usd))?$/i;

/** Paid or not: yes/no words, ✓ or ✗, or an amount (paid when above zero). Empty: not paid. */
export function readPaid(text: string): boolean | undefined {
	const t = text.trim();
	if (t === '') return false;
	if (t === '✓' || t === '✔' || t === '☑') return true;
	if (t === '✗' || t === '✘' || t === '-' || t === '–') return false;
	const key = headerKey(t);
	if (YES.has(key)) return true;
	if (NO.has(key)) return false;
	if (AMOUNT.test(t)) return Number(t.replace(/[^\d.,]/g, '').replace(',', '.')) > 0;
	return undefined;
}

const STATUS: Record<RegistrationStatus, readonly string[]> = {
	registered: ['registered', 'confirmed', 'registrovan', 'registrovana', 'registrovano', 'prihlasen', 'prihlasena', 'prihlaseno', 'potvrzeno', 'inscrito', 'inscrita', 'confirmado', 'confirmada'],
	waiting: ['waiting', 'waiting list', 'waitlist', 'ceka', 'cekaci listina', 'nahradnik', 'nahradnice', 'en espera', 'lista de espera', 'espera'],
	cancelled: ['cancelled', 'canceled', 'withdrawn', 'zruseno', 'zrusena', 'zrusen', 'odhlasen', 'odhlasena', 'odhlaseno', 'cancelado', 'cancelada', 'anulado', 'anulada', 'baja']
};
const BY_STATUS = new Map(Object.entries(STATUS).flatMap(([status, words]) => words.map((w) => [w, status as RegistrationStatus] as const)));

/** A registration's status word; empty or not understood: undefined (the server decides by capacity). */
export function readStatus(text: string): RegistrationStatus | undefined {
	return BY_STATUS.get(headerKey(text));
}
