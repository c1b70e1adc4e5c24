import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort, type RunningServer, startServer, stopServer, waitForChild } from './global-setup.ts';

/**
 * Every file of deploy/ runs here: the systemd units through `systemd-analyze verify`, nginx.conf and the
 * Caddyfile with Debian's nginx and caddy in front of two web processes, compose.yaml's structure (containers
 * cannot run on the test machines; the Dockerfile is built with podman by hand, docs/operations.md).
 * `.ci/run` installs nginx, caddy and systemd.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const deployDir = path.join(repoRoot, 'deploy');

/** The path of a command, also in /usr/sbin (nginx) when that is not on PATH; undefined when not installed. */
function findCommand(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const nginx = findCommand('nginx');
const caddy = findCommand('caddy');
const systemdAnalyze = findCommand('systemd-analyze');
const prometheus = findCommand('prometheus');
const promtool = findCommand('promtool');
const metricsToken = 'e2e-metrics-token-0123456789';
for (const [name, found] of [
  ['nginx', nginx],
  ['caddy', caddy],
  ['prometheus', prometheus],
  ['promtool (package prometheus)', promtool],
  ['systemd-analyze (package systemd)', systemdAnalyze],
] as const) {
  if (!found)
    console.warn(
      `\n!!! deploy.test.ts: ${name} is not installed, its tests are NOT RUN (.ci/run installs it). !!!\n`,
    );
}

/** A setting's duration in seconds from a config line such as `proxy_read_timeout 150s;` or `read_timeout 150s`. */
function seconds(config: string, directive: string): number {
  const match = new RegExp(`^\\s*${directive}\\s+(\\d+)(s|m)?;?\\s*$`, 'm').exec(config);
  if (!match) throw new Error(`${directive} is not set`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

describe.runIf(systemdAnalyze)('deploy/ systemd units', () => {
  const units = ['hurryup-web@.service', 'hurryup-worker.service'];

  it.each(units)('%s has the hardening and the settings the docs describe', (unit) => {
    const text = fs.readFileSync(path.join(deployDir, unit), 'utf8');
    for (const line of [
      'User=hurryup',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/hurryup',
      'Restart=on-failure',
      'EnvironmentFile=/etc/hurryup/hurryup.env',
      'Environment=DATA_DIR=/var/lib/hurryup',
    ])
      expect(text.split('\n')).toContain(line);
    expect(text).toMatch(/^ExecStart=\/opt\/hurryup\/current\/hurryup (serve|worker)$/m);
    // The only writable place is the data directory.
    expect(text.match(/^ReadWritePaths=.*$/gm)).toEqual(['ReadWritePaths=/var/lib/hurryup']);
  });

  it('the web unit is a template whose instance is the port', () => {
    const text = fs.readFileSync(path.join(deployDir, 'hurryup-web@.service'), 'utf8');
    expect(text).toMatch(/^Environment=PORT=%i$/m);
    expect(text).toMatch(/^ExecStart=\/opt\/hurryup\/current\/hurryup serve$/m);
  });

  it.each(units)('systemd-analyze verify accepts %s', (unit) => {
    // On a copy whose paths exist here: the launcher, the settings file and the data directory.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-units-'));
    try {
      fs.mkdirSync(path.join(dir, 'current'));
      fs.mkdirSync(path.join(dir, 'data'));
      fs.writeFileSync(path.join(dir, 'current/hurryup'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'hurryup.env'), 'PUBLIC_BASE_URL=https://example.org\n');
      const text = fs
        .readFileSync(path.join(deployDir, unit), 'utf8')
        .replaceAll('/opt/hurryup/current', path.join(dir, 'current'))
        .replaceAll('/etc/hurryup/hurryup.env', path.join(dir, 'hurryup.env'))
        .replaceAll('/var/lib/hurryup', path.join(dir, 'data'));
      const names = unit.endsWith('@.service') ? [unit, unit.replace('@.', '@3000.')] : [unit];
      for (const name of names) {
        fs.writeFileSync(path.join(dir, name), text);
        const result = spawnSync(systemdAnalyze!, ['verify', path.join(dir, name)], { encoding: 'utf8' });
        expect(`${result.stdout}${result.stderr}`).toBe('');
        expect(result.status).toBe(0);
      }
      // A unit whose launcher is missing is refused: the check is real.
      const broken = path.join(dir, unit.endsWith('@.service') ? 'broken@3001.service' : 'broken.service');
      fs.writeFileSync(broken, text.replaceAll(path.join(dir, 'current'), path.join(dir, 'missing')));
      expect(spawnSync(systemdAnalyze!, ['verify', broken], { encoding: 'utf8' }).status).not.toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/compose.yaml and deploy/Dockerfile', () => {
  const compose = parse(fs.readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), {
    // Compose reads `<<: *hurryup` as a merge, as YAML 1.1 did.
    merge: true,
  });

  it('runs two web processes, a worker, PostgreSQL, Redis and Caddy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'caddy',
      'postgres',
      'redis',
      'web1',
      'web2',
      'worker',
    ]);
    expect(compose.services.web1.command).toEqual(['serve']);
    expect(compose.services.web2.command).toEqual(['serve']);
    expect(compose.services.worker.command).toEqual(['worker']);
    for (const name of ['web1', 'web2', 'worker']) {
      const service = compose.services[name];
      expect(service.build).toEqual({ context: '../dist', dockerfile: '../deploy/Dockerfile' });
      expect(service.environment.DATABASE_URL).toMatch(/^postgres:\/\/hurryup:.*@postgres:5432\/hurryup$/);
      expect(service.environment.REDIS_URL).toBe('redis://redis:6379/0');
      expect(service.environment.REDIS_REQUIRE_NOEVICTION).toBe('true');
      expect(service.environment.DATA_DIR).toBe('/var/lib/hurryup');
      expect(service.volumes).toEqual(['data:/var/lib/hurryup']);
    }
  });

  it('Redis never evicts and keeps an append-only file; only Caddy is trusted for client addresses', () => {
    const command: string[] = compose.services.redis.command;
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
    expect(command[command.indexOf('--appendonly') + 1]).toBe('yes');
    const caddyAddress = compose.services.caddy.networks.hurryup.ipv4_address;
    expect(compose.services.web1.environment.TRUST_PROXY).toBe(caddyAddress);
    expect(compose.services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(compose.services.caddy.environment.HURRYUP_UPSTREAM_1).toBe('web1:3000');
    expect(compose.services.caddy.environment.HURRYUP_UPSTREAM_2).toBe('web2:3000');
  });

  it('the image only copies the bundle onto a slim Debian base and runs as a non-root user', () => {
    const dockerfile = fs.readFileSync(path.join(deployDir, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ARG BASE_IMAGE=docker\.io\/library\/debian:bookworm-slim$/m);
    expect(dockerfile.match(/^(COPY|ADD) .*$/gm)).toEqual(['COPY . /opt/hurryup/current/']);
    expect(dockerfile).toMatch(/^USER hurryup$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/opt\/hurryup\/current\/hurryup"\]$/m);
  });
});

function startChild(command: string, args: string[], env: Record<string, string>, cwd: string) {
  let output = '';
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** A GET through the proxy from another loopback address (127.0.0.2), carrying a forged X-Forwarded-For. */
function getFrom127002(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

describe.runIf(nginx || caddy || prometheus)(
  'deploy/nginx.conf and deploy/Caddyfile in front of two web processes; /metrics',
  () => {
    const web: RunningServer[] = [];
    const proxies: { name: string; url: string; child: ChildProcess; output: () => string }[] = [];
    let dir = '';

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-proxies-'));
      // nginx's workers may run as another user: they read and write here.
      fs.chmodSync(dir, 0o777);
      // LOG_LEVEL info: each request's log line names the client address the site saw.
      const settings = { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info', METRICS_TOKEN: metricsToken };
      web.push(...(await Promise.all([startServer(settings), startServer(settings)])));
      const [portA, portB] = web.map((server) => new URL(server.url).port);

      if (nginx) {
        const port = await freePort();
        // The shipped file, its ports templated: upstreams 3000/3001 become the two web processes.
        let site = fs.readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8');
        site = site
          .replace('127.0.0.1:3000', `127.0.0.1:${portA}`)
          .replace('127.0.0.1:3001', `127.0.0.1:${portB}`);
        site = site
          .replace(/^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`)
          .replace(/^\s*listen \[::\]:80;\n/m, '');
        fs.writeFileSync(path.join(dir, 'site.conf'), site);
        for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
          fs.mkdirSync(path.join(dir, temp), { mode: 0o777 });
        fs.writeFileSync(
          path.join(dir, 'nginx.conf'),
          [
            'daemon off;',
            'worker_processes 1;',
            `pid ${dir}/nginx.pid;`,
            // notice: nginx says 'start worker process' once its listening sockets are open.
            'error_log stderr notice;',
            'events { worker_connections 256; }',
            'http {',
            '  access_log off;',
            ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
              (temp) => `  ${temp}_temp_path ${dir}/${temp};`,
            ),
            `  include ${dir}/site.conf;`,
            '}',
          ].join('\n'),
        );
        const started = startChild(
          nginx,
          ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf')],
          {},
          dir,
        );
        const url = `http://127.0.0.1:${port}`;
        await waitForChild('nginx', started.child, started.output, {
          printed: (output) => output.includes('start worker process'),
        });
        proxies.push({ name: 'nginx', url, ...started });
      }
      if (caddy) {
        const port = await freePort();
        const admin = await freePort();
        // The shipped file unchanged: its placeholders come from the environment.
        const started = startChild(
          caddy,
          ['run', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'],
          {
            HOME: dir,
            XDG_DATA_HOME: path.join(dir, 'caddy-data'),
            XDG_CONFIG_HOME: path.join(dir, 'caddy-config'),
            HURRYUP_SITE_ADDRESS: `http://127.0.0.1:${port}`,
            HURRYUP_UPSTREAM_1: `127.0.0.1:${portA}`,
            HURRYUP_UPSTREAM_2: `127.0.0.1:${portB}`,
            CADDY_ADMIN: `127.0.0.1:${admin}`,
          },
          dir,
        );
        const url = `http://127.0.0.1:${port}`;
        // Logged once its servers listen with the configuration.
        await waitForChild('caddy', started.child, started.output, {
          printed: (output) => output.includes('serving initial configuration'),
        });
        proxies.push({ name: 'caddy', url, ...started });
      }
    }, 400_000);

    afterAll(async () => {
      for (const proxy of proxies) {
        if (proxy.child.exitCode !== null) continue;
        const exited = new Promise((resolve) => proxy.child.once('exit', resolve));
        proxy.child.kill('SIGTERM');
        await exited;
      }
      await Promise.all(web.map((server) => stopServer(server)));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it.runIf(nginx || caddy)('the configs allow a 10 MB upload and an engine task of up to 90 s', () => {
      if (nginx) {
        const config = fs.readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8');
        expect(Number(/^\s*client_max_body_size (\d+)m;$/m.exec(config)?.[1])).toBeGreaterThanOrEqual(11);
        for (const directive of ['proxy_read_timeout', 'proxy_send_timeout'])
          expect(seconds(config, directive)).toBeGreaterThanOrEqual(120);
        // Set, not appended ($proxy_add_x_forwarded_for would keep what the client sent).
        expect(config).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
        expect(config).not.toContain('$proxy_add_x_forwarded_for');
        expect(config).toMatch(/^\s*proxy_next_upstream error timeout/m);
      }
      if (caddy) {
        const config = fs.readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8');
        expect(Number(/^\s*max_size (\d+)MB$/m.exec(config)?.[1])).toBeGreaterThanOrEqual(11);
        for (const directive of ['response_header_timeout', 'read_timeout', 'write_timeout'])
          expect(seconds(config, directive)).toBeGreaterThanOrEqual(120);
        expect(seconds(config, 'lb_try_duration')).toBeGreaterThan(0);
        expect(config).toMatch(/^\s*header_up X-Forwarded-For \{remote_host\}$/m);
      }
    });

    it.runIf(nginx || caddy)(
      'a 10 MB upload reaches the site through each proxy',
      async () => {
        // A PNG's signature and 10 MB of noise: the site reads it all and answers that it is not a picture.
        const file = Buffer.alloc(10 * 1024 ** 2, 7);
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
        for (const proxy of proxies) {
          const form = new FormData();
          form.append('file', new Blob([file], { type: 'image/png' }), 'scan.png');
          const response = await fetch(`${proxy.url}/api/extract-text`, { method: 'POST', body: form });
          const body = await response.text();
          expect(response.status, `${proxy.name}: ${body.slice(0, 300)}`).not.toBe(413);
          // The answer is the site's (its JSON error and request id), not the proxy's.
          expect(response.headers.get('x-request-id'), proxy.name).toBeTruthy();
          expect(JSON.parse(body), proxy.name).toHaveProperty('code');
        }
      },
      120_000,
    );

    it.runIf(nginx || caddy)(
      "the visitor's address reaches the site, a forged X-Forwarded-For does not",
      async () => {
        for (const proxy of proxies) {
          const probe = `${proxy.name}-${Math.random().toString(36).slice(2)}`;
          expect(await getFrom127002(`${proxy.url}/api/health?probe=${probe}`)).toBe(200);
          // Log lines are written asynchronously: the request's line is waited for as the processes print it.
          const lineOf = (output: string) =>
            output.split('\n').find((entry) => entry.includes(probe) && entry.includes('remoteAddress'));
          await Promise.any(
            web.map((server) =>
              waitForChild('web process', server.child, server.output, {
                printed: (output) => lineOf(output) !== undefined,
              }),
            ),
          );
          const line = web.map((server) => lineOf(server.output())).find(Boolean);
          expect(line, proxy.name).toContain('"remoteAddress":"127.0.0.2"');
        }
        for (const server of web) expect(server.output()).not.toContain('203.0.113.7');
      },
    );

    it.runIf(nginx || caddy)('built files get long, immutable cache headers through each proxy', async () => {
      for (const proxy of proxies) {
        const home = await (await fetch(`${proxy.url}/`)).text();
        const asset = /\/assets\/[\w.-]+\.(js|css)/.exec(home)?.[0];
        expect(asset, proxy.name).toBeTruthy();
        const response = await fetch(`${proxy.url}${asset}`);
        expect(response.status, proxy.name).toBe(200);
        expect(response.headers.get('cache-control'), proxy.name).toBe('public, max-age=31536000, immutable');
      }
    });

    it.runIf(promtool)('/metrics passes promtool check metrics', async () => {
      const server = web[1]!;
      await fetch(`${server.url}/api/health`);
      const response = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('hurryup_http_requests_total{route="/api/health",method="GET",status="200"}');
      const result = spawnSync(promtool!, ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(`${result.stdout}${result.stderr}`).toBe('');
      expect(result.status).toBe(0);
    });

    it.runIf(prometheus)(
      'a real Prometheus scrapes /metrics with the bearer token: up == 1',
      async () => {
        const target = new URL(web[1]!.url);
        const port = await freePort();
        const promDir = path.join(dir, 'prometheus');
        fs.mkdirSync(promDir);
        fs.writeFileSync(path.join(promDir, 'token'), metricsToken);
        fs.writeFileSync(
          path.join(promDir, 'prometheus.yml'),
          [
            'global:',
            '  scrape_interval: 1s',
            '  scrape_timeout: 1s',
            'scrape_configs:',
            '  - job_name: hurryup',
            '    metrics_path: /metrics',
            '    authorization:',
            '      type: Bearer',
            `      credentials_file: ${path.join(promDir, 'token')}`,
            '    static_configs:',
            `      - targets: ['${target.host}']`,
          ].join('\n'),
        );
        const started = startChild(
          prometheus!,
          [
            `--config.file=${path.join(promDir, 'prometheus.yml')}`,
            `--storage.tsdb.path=${path.join(promDir, 'data')}`,
            `--web.listen-address=127.0.0.1:${port}`,
          ],
          {},
          promDir,
        );
        try {
          const query = async (expression: string) => {
            const answer = await fetch(
              `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`,
            );
            const body = (await answer.json()) as { data: { result: { value: [number, string] }[] } };
            return body.data.result.map((entry) => entry.value[1]);
          };
          // Prometheus's API answers once it says so; a scrape is stored once the next one begins (they are
          // one a second, one at a time), which the web process's log shows.
          await waitForChild('prometheus', started.child, started.output, {
            printed: (output) => output.includes('Server is ready to receive web requests'),
          });
          const scrapes = (output: string) => output.split('"url":"/metrics"').length - 1;
          const before = scrapes(web[1]!.output());
          await waitForChild('web process', web[1]!.child, web[1]!.output, {
            printed: (output) => scrapes(output) >= before + 2,
          });
          const up = await query('up{job="hurryup"}');
          expect(up, started.output()).toEqual(['1']);
          expect((await query('hurryup_answer_cache_entries{job="hurryup"}')).length).toBe(1);
        } finally {
          const exited = new Promise((resolve) => started.child.once('exit', resolve));
          started.child.kill('SIGTERM');
          await exited;
        }
      },
      120_000,
    );

    it.runIf(nginx || caddy)(
      'with one web process stopped, every request is answered by the other',
      async () => {
        await stopServer(web[0]!);
        for (const proxy of proxies) {
          // Enough requests that a round robin would send some of them to the stopped one.
          for (let index = 0; index < 6; index++) {
            const response = await fetch(`${proxy.url}/api/health`);
            expect(response.status, `${proxy.name}, request ${index + 1}`).toBe(200);
          }
        }
      },
      60_000,
    );
  },
);
