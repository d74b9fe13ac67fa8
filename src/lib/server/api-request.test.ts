import { describe, expect, it } from 'vitest';
import { announcesBody, isApiPath, nonJsonBodyReason } from './api-request';

const post = (headers: Record<string, string>) => new Request('http://x/api/restore', { method: 'POST', headers });

describe('what /api takes', () => {
	it('knows its addresses', () => {
		expect(['/api', '/api/', '/api/events/x/setup'].map(isApiPath)).toEqual([true, true, true]);
		expect(['/apis', '/organizer', '/', '/api-docs'].map(isApiPath)).toEqual([false, false, false, false]);
	});

	it('sees a body from Content-Length or Transfer-Encoding', () => {
		expect(announcesBody(post({ 'content-length': '12' }))).toBe(true);
		expect(announcesBody(post({ 'transfer-encoding': 'chunked' }))).toBe(true);
		expect(announcesBody(post({ 'content-length': '0' }))).toBe(false);
		expect(announcesBody(post({}))).toBe(false);
	});

	it('takes application/json bodies in UTF-8 (any case, with or without charset)', () => {
		for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8'])
			expect(nonJsonBodyReason(post({ 'content-length': '2', 'content-type': type })), type).toBeNull();
		// No body: nothing to judge (an empty POST may have any type).
		expect(nonJsonBodyReason(post({ 'content-type': 'text/plain' }))).toBeNull();
	});

	it('refuses a body sent as a form, as text, as nothing, or in another charset, saying what to send', () => {
		for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'text/json', 'application/xml', 'application/jsonx'])
			expect(nonJsonBodyReason(post({ 'content-length': '2', 'content-type': type })), type).toMatch(/takes JSON bodies only, and this one is ".+": send it with "Content-Type: application\/json"/);
		expect(nonJsonBodyReason(post({ 'content-length': '2' }))).toMatch(/of no declared type/);
		expect(nonJsonBodyReason(post({ 'transfer-encoding': 'chunked', 'content-type': 'application/json; charset=latin1' }))).toMatch(/charset=latin1/);
	});

	it('a restore also takes its backup as NDJSON; no other path does', () => {
		const ndjson = post({ 'content-length': '2', 'content-type': 'application/x-ndjson' });
		expect(nonJsonBodyReason(ndjson, '/api/restore')).toBeNull();
		expect(nonJsonBodyReason(ndjson, '/api/events/demo/import')).toMatch(/takes JSON bodies only/);
		// A restore sent as text is told about both types it takes.
		expect(nonJsonBodyReason(post({ 'content-length': '2', 'content-type': 'text/plain' }), '/api/restore')).toMatch(/"Content-Type: application\/x-ndjson".*or "Content-Type: application\/json"/);
	});

	it('a photo upload (PUT …/photos/{hash}) takes its bytes under any type: told by their content; no other method or path does', () => {
		const path = '/api/events/demo/photos/' + 'a'.repeat(64);
		const put = (type: string) => new Request(`http://x${path}`, { method: 'PUT', headers: { 'content-length': '3', 'content-type': type }, body: 'abc' });
		for (const type of ['image/jpeg', 'image/png', 'application/octet-stream', 'text/plain']) expect(nonJsonBodyReason(put(type), path), type).toBeNull();
		expect(nonJsonBodyReason(new Request(`http://x${path}`, { method: 'POST', headers: { 'content-length': '3', 'content-type': 'image/jpeg' }, body: 'abc' }), path)).toMatch(/takes JSON bodies only/);
		expect(nonJsonBodyReason(put('image/jpeg'), '/api/events/demo/photos')).toMatch(/takes JSON bodies only/);
		expect(nonJsonBodyReason(put('image/jpeg'), '/api/events/demo/setup')).toMatch(/takes JSON bodies only/);
	});
});
