import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Debian's nginx (nginx-light; scripts/test.sh installs it when missing) on 127.0.0.1 in front of
 * `app` (host:port), configured as documented: README's server block (Deployment and HTTPS, (a))
 * with docs/live.md's cache ("Behind a caching proxy or CDN"), read from those files, in the shell
 * of tests/fixtures/nginx-live.conf. For tests/live-proxy.test.ts and bench/live.bench.ts.
 */
export interface Nginx {
	/** http://127.0.0.1:PORT */
	base: string;
	/** What nginx wrote to its error log (warnings and errors). */
	log(): string;
	stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATE = join(ROOT, 'tests/fixtures/nginx-live.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export async function startNginx(app: string, port: number): Promise<Nginx> {
	if (!NGINX) throw new Error('nginx is missing: install Debian\'s nginx-light ("apt-get install -y nginx-light"; scripts/test.sh does it when run as root)');
	const dir = mkdtempSync(join(tmpdir(), 'live-nginx-'));
	chmodSync(dir, 0o755);
	mkdirSync(join(dir, 'cache'));
	const conf = documentedConfig().replaceAll('__DIR__', dir).replaceAll('__LISTEN__', `127.0.0.1:${port}`).replaceAll('__APP__', app);
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

/** The code blocks of a Markdown file (their text, without the fences). */
function codeBlocks(file: string): string[] {
	return [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^[ \t]*```[a-z]*\n([\s\S]*?)^[ \t]*```/gm)].map((m) => m[1]!);
}

/**
 * README's nginx server block on plain HTTP at __LISTEN__ (its `listen 443 ssl …` line replaced,
 * its certificate lines left out), its app at __APP__, with docs/live.md's location before
 * `location /`, and docs/live.md's http-level line with its cache in __DIR__.
 */
export function documentedConfig(): string {
	const server = codeBlocks('README.md').find((b) => b.includes('server_name judge.example.org') && b.includes('proxy_pass'));
	const [httpLines, location] = ['proxy_cache_path', 'location ~'].map((k) => codeBlocks('docs/live.md').find((b) => b.includes(k)));
	if (!server || !httpLines || !location) throw new Error('README.md’s nginx server block or docs/live.md’s nginx blocks are missing');
	const app = (text: string) => text.replaceAll('proxy_pass http://127.0.0.1:3000;', 'proxy_pass http://__APP__;');
	const lines = app(server)
		.split('\n')
		.filter((l) => !/^\s*ssl_certificate(_key)?\s/.test(l))
		.map((l) => l.replace(/^(\s*)listen 443 ssl( http2)?;.*$/, '$1listen __LISTEN__;'));
	if (!lines.some((l) => l.includes('listen __LISTEN__;'))) throw new Error('README.md’s nginx server block has no "listen 443 ssl;" line to replace');
	const root = lines.findIndex((l) => /^\s*location \/ \{/.test(l));
	if (root < 0) throw new Error('README.md’s nginx server block has no "location / {"');
	lines.splice(root, 0, app(location).trimEnd(), '');
	return readFileSync(TEMPLATE, 'utf8')
		.replace(/^__HTTP__$/m, () => httpLines.replaceAll('/var/cache/nginx/live', '__DIR__/cache').trimEnd())
		.replace(/^__SERVER__$/m, () => lines.join('\n').trimEnd());
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
