/**
 * A local certificate authority and a server certificate signed by it, for serving HTTPS on a
 * venue's local network (README, "Deployment and HTTPS"):
 *
 *   npm run cert -- --host 192.168.1.20 --host puzzle.local [--out DIR] [--new-ca]
 *
 * Writes into DIR (default ./data/tls):
 *   ca.pem, ca-key.pem   the CA (reused by later runs unless --new-ca, so tablets trust it once)
 *   ca.crt, ca.cer       the CA certificate to install on tablets (PEM, and DER for Android)
 *   cert.pem, key.pem    the server's certificate and key: HTTPS_CERT and HTTPS_KEY of npm start
 *
 * The server certificate names every --host plus localhost, 127.0.0.1 and ::1; both certificates
 * are valid for at most 825 days (iOS refuses TLS server certificates valid for longer).
 * Uses the openssl command. Exit status: 0 written; 1 openssl failed or is missing; 2 usage.
 */
import { spawnSync } from 'node:child_process';
import { X509Certificate, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const MAX_DAYS = 825;
const DAY = 86_400_000;
const USAGE = 'Usage: npm run cert -- --host ADDRESS_OR_NAME [--host …] [--out DIR (default ./data/tls)] [--new-ca]';

export interface CertOptions {
	/** IP addresses and DNS names the tablets will type; localhost, 127.0.0.1 and ::1 are added. */
	hosts: string[];
	/** Directory to write into (created if missing). */
	out: string;
	/** Make a new CA even if `out` holds one. */
	newCa?: boolean;
	/** Validity of new certificates, in days (at most 825). */
	days?: number;
}

export interface CertFiles {
	dir: string;
	ca: string;
	caKey: string;
	caCrt: string;
	caDer: string;
	cert: string;
	key: string;
	/** The subjectAltName entries of the server certificate, e.g. "IP:192.168.1.20". */
	altNames: string[];
	caReused: boolean;
}

export class CertError extends Error {}

/** A host name safe to put in an openssl config line (letters, digits, dots, hyphens). */
const DNS_NAME = /^(?=.{1,253}$)(\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export function altNames(hosts: string[]): string[] {
	const names: string[] = [];
	for (const host of ['localhost', '127.0.0.1', '::1', ...hosts]) {
		const h = host.trim().replace(/^\[(.*)\]$/, '$1');
		let entry: string;
		if (isIP(h)) entry = `IP:${h}`;
		else if (DNS_NAME.test(h)) entry = `DNS:${h.toLowerCase()}`;
		else throw new CertError(`Not an IP address or host name: "${host}"`);
		if (!names.includes(entry)) names.push(entry);
	}
	return names;
}

function openssl(args: string[]): void {
	const run = spawnSync('openssl', args, { encoding: 'utf8' });
	if (run.error) {
		const missing = (run.error as NodeJS.ErrnoException).code === 'ENOENT';
		throw new CertError(
			missing
				? 'The openssl command is missing: install it (Debian/Ubuntu: sudo apt-get install openssl; macOS has it) and run again.'
				: `openssl could not run: ${run.error.message}`
		);
	}
	if (run.status !== 0) throw new CertError(`openssl ${args[0]} failed:\n${run.stderr.trim()}`);
}

export function makeCert(options: CertOptions): CertFiles {
	const days = options.days ?? MAX_DAYS;
	if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw new CertError(`--days must be 1 to ${MAX_DAYS}`);
	if (options.hosts.length === 0) throw new CertError('Name at least one --host: the address or name the tablets will type.');
	const names = altNames(options.hosts);
	const dir = resolve(options.out);
	mkdirSync(dir, { recursive: true });
	const files = {
		dir,
		ca: join(dir, 'ca.pem'),
		caKey: join(dir, 'ca-key.pem'),
		caCrt: join(dir, 'ca.crt'),
		caDer: join(dir, 'ca.cer'),
		cert: join(dir, 'cert.pem'),
		key: join(dir, 'key.pem')
	};

	const tmp = mkdtempSync(join(tmpdir(), 'puzzle-judge-cert-'));
	try {
		// A CA that has a month or more left is kept: tablets that trust it need nothing new.
		let caReused = false;
		if (!options.newCa && existsSync(files.ca) && existsSync(files.caKey)) {
			const existing = new X509Certificate(readFileSync(files.ca));
			caReused = new Date(existing.validTo).getTime() - Date.now() > 30 * DAY;
		}
		if (!caReused) {
			const cn = `Puzzle judge local CA (${hostname()}, ${new Date().toISOString().slice(0, 10)})`;
			openssl([
				'req', '-x509', '-new', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', String(days),
				'-keyout', files.caKey, '-out', files.ca, '-subj', `/O=Puzzle judge/CN=${cn.replace(/[/=]/g, '-')}`,
				'-addext', 'basicConstraints=critical,CA:TRUE,pathlen:0',
				'-addext', 'keyUsage=critical,keyCertSign,cRLSign',
				'-addext', 'subjectKeyIdentifier=hash'
			]);
		}
		chmodSync(files.caKey, 0o600);
		const ca = new X509Certificate(readFileSync(files.ca));
		// Never valid past the CA: clients would refuse the certificate then.
		const serverDays = Math.min(days, Math.floor((new Date(ca.validTo).getTime() - Date.now()) / DAY));

		const csr = join(tmp, 'server.csr');
		const ext = join(tmp, 'server.ext');
		const firstHost = names.find((n) => !/^(DNS:localhost|IP:127\.0\.0\.1|IP:::1)$/.test(n)) ?? names[0]!;
		openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', files.key, '-out', csr, '-subj', `/O=Puzzle judge/CN=${firstHost.slice(firstHost.indexOf(':') + 1)}`]);
		writeFileSync(
			ext,
			[
				'basicConstraints=critical,CA:FALSE',
				'keyUsage=critical,digitalSignature,keyEncipherment',
				'extendedKeyUsage=serverAuth',
				`subjectAltName=${names.join(',')}`,
				'subjectKeyIdentifier=hash',
				'authorityKeyIdentifier=keyid,issuer',
				''
			].join('\n')
		);
		openssl([
			'x509', '-req', '-in', csr, '-CA', files.ca, '-CAkey', files.caKey, '-set_serial', `0x${randomBytes(16).toString('hex').replace(/^./, '1')}`,
			'-days', String(serverDays), '-sha256', '-extfile', ext, '-out', files.cert
		]);
		chmodSync(files.key, 0o600);

		const caPem = readFileSync(files.ca);
		writeFileSync(files.caCrt, caPem);
		writeFileSync(files.caDer, new X509Certificate(caPem).raw);
		return { ...files, altNames: names, caReused };
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}

function main(): number {
	let values: { host?: string[]; out?: string; 'new-ca'?: boolean; days?: string; help?: boolean };
	try {
		({ values } = parseArgs({
			options: {
				host: { type: 'string', multiple: true },
				out: { type: 'string' },
				'new-ca': { type: 'boolean' },
				days: { type: 'string' },
				help: { type: 'boolean', short: 'h' }
			}
		}));
	} catch (e) {
		console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
		return 2;
	}
	if (values.help) {
		console.log(USAGE);
		return 0;
	}
	if (!values.host?.length) {
		console.error(`Name at least one --host: the address or name the tablets will type.\n${USAGE}`);
		return 2;
	}
	let f: CertFiles;
	try {
		f = makeCert({ hosts: values.host, out: values.out ?? 'data/tls', newCa: values['new-ca'], days: values.days === undefined ? undefined : Number(values.days) });
	} catch (e) {
		console.error(e instanceof Error ? e.message : String(e));
		return e instanceof CertError && /^(Not an IP|--days|Name at least)/.test(e.message) ? 2 : 1;
	}
	const rel = (p: string) => {
		const r = relative(process.cwd(), p);
		return r.startsWith('..') ? p : r;
	};
	const cert = new X509Certificate(readFileSync(f.cert));
	const ip = f.altNames.find((n) => n.startsWith('IP:') && !['IP:127.0.0.1', 'IP:::1'].includes(n))?.slice(3);
	console.log(`${f.caReused ? 'Reused the CA' : 'New CA'}: ${rel(f.ca)} (its key ${rel(f.caKey)} stays on this machine; keep it private)`);
	console.log(`Server certificate: ${rel(f.cert)}, key ${rel(f.key)}`);
	console.log(`  for ${f.altNames.join(', ')}`);
	console.log(`  valid until ${cert.validTo}`);
	console.log('');
	console.log('Next steps:');
	console.log(`1. Start the server over HTTPS on the local network:`);
	console.log(`     HOST=0.0.0.0 HTTPS_CERT=${rel(f.cert)} HTTPS_KEY=${rel(f.key)} npm start`);
	console.log(`2. On each tablet, install and trust the CA certificate ${rel(f.caCrt)} (the same as ${rel(f.ca)};`);
	console.log(`   ${rel(f.caDer)} is it in DER form, for Android if it refuses the .crt). The server offers it at`);
	console.log(`     https://${ip ?? '<address>'}:${process.env.PORT || 3000}/ca.crt   (accept the warning once to download it)`);
	console.log('   Android: Settings → Security → Encryption & credentials → Install a certificate → CA certificate.');
	console.log('   iPad: open the file, Settings → General → VPN & Device Management → install the profile, then');
	console.log('         Settings → General → About → Certificate Trust Settings → turn on full trust for it.');
	console.log('   See README.md, "Deployment and HTTPS".');
	return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	process.exitCode = main();
}
