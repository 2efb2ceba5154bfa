import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { portOpen } from './child-server.js';
import { runTool } from './deploy-doc.js';

/** A throwaway self-signed certificate for `hostname`, written into `dir`. */
export async function selfSignedCertificate(dir: string, hostname: string): Promise<{ cert: string; key: string }> {
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const { code, output } = await runTool('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${hostname}`,
    '-addext',
    `subjectAltName=DNS:${hostname}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (code !== 0) throw new Error(`openssl failed:\n${output}`);
  return { cert, key };
}

/**
 * The main nginx.conf around a site config, as Debian's would include it, but with every path (pid, logs, temporary
 * bodies) inside `dir` and one foreground process, so it runs unprivileged-style in a test.
 */
export async function writeNginxMainConfig(dir: string, siteConfig: string): Promise<string> {
  const sitePath = path.join(dir, 'site.conf');
  await fs.writeFile(sitePath, siteConfig);
  const main = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, `${name}-temp`);
  await fs.writeFile(
    main,
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${temp('body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${sitePath};`,
      '}',
      '',
    ].join('\n'),
  );
  return main;
}

export interface RunningNginx {
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground with `mainConfig` and waits until it accepts connections on `port`. */
export async function startNginx(dir: string, mainConfig: string, port: number): Promise<RunningNginx> {
  const child = spawn('nginx', ['-p', dir, '-c', mainConfig], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
