/**
 * The self-signed set-up of a venue laptop (scripts/make-cert.ts): a local CA and a server
 * certificate it signed, read back with Node's X509Certificate (not with openssl, which made them).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { altNames, CertError, makeCert, MAX_DAYS } from './make-cert';

const DAY = 86_400_000;
const dirs: string[] = [];
const tempDir = () => {
	const d = mkdtempSync(join(tmpdir(), 'make-cert-test-'));
	dirs.push(d);
	return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const read = (p: string) => new X509Certificate(readFileSync(p));
const days = (c: X509Certificate) => (new Date(c.validTo).getTime() - new Date(c.validFrom).getTime()) / DAY;

// Key generation by openssl takes seconds on a busy machine.
describe('makeCert', { timeout: 60_000 }, () => {
	it('writes a CA and a server certificate it signed, for every host plus localhost, valid ≤ 825 days', () => {
		const out = makeCert({ hosts: ['192.168.1.20', 'puzzle.local'], out: join(tempDir(), 'tls') });
		const ca = read(out.ca);
		const cert = read(out.cert);

		expect(ca.ca).toBe(true);
		expect(cert.ca).toBe(false);
		expect(cert.checkIssued(ca)).toBe(true);
		expect(cert.verify(ca.publicKey)).toBe(true);
		for (const name of ['DNS:localhost', 'IP Address:127.0.0.1', 'IP Address:192.168.1.20', 'DNS:puzzle.local']) {
			expect(cert.subjectAltName?.split(', ')).toContain(name);
		}
		expect(cert.checkIP('192.168.1.20')).toBe('192.168.1.20');
		expect(cert.checkHost('puzzle.local')).toBe('puzzle.local');
		expect(cert.checkHost('other.local')).toBeUndefined();
		expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.1'); // extendedKeyUsage serverAuth (iOS requires it)
		expect(days(cert)).toBeLessThanOrEqual(MAX_DAYS);
		expect(days(ca)).toBeLessThanOrEqual(MAX_DAYS);
		expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);

		// The copies for tablets: ca.crt is ca.pem, ca.cer the same certificate in DER.
		expect(readFileSync(out.caCrt, 'utf8')).toBe(readFileSync(out.ca, 'utf8'));
		expect(readFileSync(out.caDer)).toEqual(ca.raw);
		// The keys match their certificates.
		expect(cert.checkPrivateKey(createPrivateKey(readFileSync(out.key)))).toBe(true);
		expect(ca.checkPrivateKey(createPrivateKey(readFileSync(out.caKey)))).toBe(true);
	});

	it('keeps the CA on a second run (tablets trust it once), unless --new-ca', () => {
		const dir = tempDir();
		const first = makeCert({ hosts: ['10.0.0.5'], out: dir });
		const fingerprint = read(first.ca).fingerprint256;
		const second = makeCert({ hosts: ['10.0.0.6'], out: dir });
		expect(second.caReused).toBe(true);
		expect(read(second.ca).fingerprint256).toBe(fingerprint);
		expect(read(second.cert).checkIP('10.0.0.6')).toBe('10.0.0.6');
		expect(read(second.cert).checkIssued(read(second.ca))).toBe(true);

		const third = makeCert({ hosts: ['10.0.0.6'], out: dir, newCa: true });
		expect(third.caReused).toBe(false);
		expect(read(third.ca).fingerprint256).not.toBe(fingerprint);
	});

	it('refuses hosts that are neither addresses nor names, and validity over 825 days', () => {
		expect(() => altNames(['puzzle.local,DNS:evil.example'])).toThrow(CertError);
		expect(() => altNames(['bad name'])).toThrow(/Not an IP address or host name/);
		expect(altNames(['[fd00::2]', 'Puzzle.Local'])).toEqual(['DNS:localhost', 'IP:127.0.0.1', 'IP:::1', 'IP:fd00::2', 'DNS:puzzle.local']);
		expect(() => makeCert({ hosts: ['10.0.0.5'], out: tempDir(), days: 826 })).toThrow(/825/);
		expect(() => makeCert({ hosts: [], out: tempDir() })).toThrow(/--host/);
	});
});

