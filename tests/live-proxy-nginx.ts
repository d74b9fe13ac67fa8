import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Debian's nginx (nginx-light; scripts/test.sh installs it when missing) on 127.0.0.1 in front of
 * `app` (host:port), configured from tests/fixtures/nginx-live.conf: the README's server block and
 * docs/live.md's cache. For tests/live-proxy.spec.ts and bench/live.bench.ts.
 */
export interface Nginx {
	/** http://127.0.0.1:PORT */
	base: string;
	/** What nginx wrote to its error log (warnings and errors). */
	log(): string;
	stop(): Promise<void>;
}

const TEMPLATE = fileURLToPath(new URL('./fixtures/nginx-live.conf', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export async function startNginx(app: string, port: number): Promise<Nginx> {
	if (!NGINX) throw new Error('nginx is missing: install Debian\'s nginx-light ("apt-get install -y nginx-light"; scripts/test.sh does it when run as root)');
	const dir = mkdtempSync(join(tmpdir(), 'live-nginx-'));
	chmodSync(dir, 0o755);
	mkdirSync(join(dir, 'cache'));
	const conf = readFileSync(TEMPLATE, 'utf8').replaceAll('__DIR__', dir).replaceAll('__LISTEN__', `127.0.0.1:${port}`).replaceAll('__APP__', app);
	writeFileSync(join(dir, 'nginx.conf'), conf);
	const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	child.stdout!.on('data', (d) => (output += d));
	child.stderr!.on('data', (d) => (output += d));
	const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
	const log = () => output + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
	const deadline = Date.now() + 10_000;
	while (!(await listening(port))) {
		if (child.exitCode !== null || Date.now() > deadline) {
			child.kill('SIGKILL');
			rmSync(dir, { recursive: true, force: true });
			throw new Error(`nginx did not start: ${log()}`);
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	return {
		base: `http://127.0.0.1:${port}`,
		log,
		stop: async () => {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
			await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGKILL');
				await exited;
			}
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

function listening(port: number): Promise<boolean> {
	return new Promise((ok) => {
		const s = connect(port, '127.0.0.1');
		s.once('connect', () => {
			s.destroy();
			ok(true);
		});
		s.once('error', () => ok(false));
	});
}
