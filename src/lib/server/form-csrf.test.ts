import { describe, expect, it } from 'vitest';
import { isCrossSiteForm } from './form-csrf';

const ORIGIN = 'http://judge.local:3000';
const req = (method: string, type: string | null, origin: string | null) =>
	new Request(`${ORIGIN}/organizer`, { method, headers: { ...(type ? { 'content-type': type } : {}), ...(origin ? { origin } : {}) } });

describe('isCrossSiteForm (the pages keep SvelteKit’s protection)', () => {
	it('is a form, text or multipart body posted (or put, patched, deleted) from another origin or none', () => {
		for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8'])
			for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
				expect(isCrossSiteForm(req(method, type, 'https://evil.example'), ORIGIN), `${method} ${type}`).toBe(true);
				expect(isCrossSiteForm(req(method, type, null), ORIGIN), `${method} ${type} no origin`).toBe(true);
			}
	});

	it('is not a same-origin form, a JSON body, or a GET', () => {
		expect(isCrossSiteForm(req('POST', 'application/x-www-form-urlencoded', ORIGIN), ORIGIN)).toBe(false);
		expect(isCrossSiteForm(req('POST', 'application/json', 'https://evil.example'), ORIGIN)).toBe(false);
		expect(isCrossSiteForm(req('GET', null, 'https://evil.example'), ORIGIN)).toBe(false);
	});
});
