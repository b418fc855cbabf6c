import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForPort } from './local-redis';

// nginx from the machine's own package, in front of the app's processes, with the repository's site config
// (deploy/nginx/astrelle.conf.template, the one compose.yaml's proxy runs) inside a main config of its own: in the
// foreground, its pid, logs and temporary files in a folder of its own, so that it needs neither root nor /etc/nginx.

export const NGINX_TEMPLATE = new URL('../../deploy/nginx/astrelle.conf.template', import.meta.url);

export interface NginxProxy {
  url: string;
  port: number;
  /** What nginx logged (warnings and errors: an upstream refused, timed out or marked unavailable). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** The nginx binary: NGINX, else /usr/sbin/nginx or nginx on the PATH. */
export function findNginx(): string | undefined {
  if (process.env.NGINX) return process.env.NGINX;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

/**
 * The site config with its variables filled in, as the nginx image's envsubst would: only the ${NAME}s given are
 * replaced, nginx's own $variables are left alone.
 *
 * @throws {Error} when the template names a variable that is not given.
 */
export function renderSiteConfig(template: string, variables: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_all, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`the nginx template needs ${name}`);
    return value;
  });
}

/** The variables the site template names, in order. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]!))];
}

/** Starts nginx on `port`, passing requests to `upstreams` (host:port each; the template takes two). */
export async function startNginx(options: { port: number; upstreams: readonly [string, string] }): Promise<NginxProxy> {
  const binary = findNginx();
  if (!binary) throw new Error('no nginx (apt-get install -y nginx, or set NGINX)');
  const dir = mkdtempSync(join(tmpdir(), 'astrelle-nginx-'));
  // As root, nginx's workers run as nobody: they must be able to reach the folder and write its temporary files.
  chmodSync(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, name));
    chmodSync(join(dir, name), 0o777);
  }
  const site = renderSiteConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    ASTRELLE_PROXY_LISTEN: `127.0.0.1:${options.port}`,
    ASTRELLE_APP_1: options.upstreams[0],
    ASTRELLE_APP_2: options.upstreams[1],
  });
  writeFileSync(join(dir, 'astrelle.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      // A thousand concurrent clients each hold a connection to nginx and one to a process.
      'worker_rlimit_nofile 8192;',
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(dir, name)};`),
      `  include ${join(dir, 'astrelle.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  try {
    await Promise.race([waitForPort(options.port, 10_000), exited.then(() => Promise.reject(new Error(`nginx exited: ${stderr || readLog(dir)}`)))]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    errorLog: () => readLog(dir),
    stop: async () => {
      process.off('exit', onExit);
      // SIGQUIT: a graceful stop, each open request answered first.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '(no error log)';
  }
}
