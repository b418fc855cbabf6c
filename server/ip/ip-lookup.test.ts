import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpLookupResponse } from '../../src/shared/contract/ip-lookup';
import { buildServer, type ServerOptions } from '../app';
import { normalizeAddress, openGeoLocator, specialRange } from './geo';

// The ip-api.com compatible lookup over real HTTP, and the API's CORS.

const servers: FastifyInstance[] = [];
const locator = openGeoLocator();

async function start(options: ServerOptions = {}): Promise<string> {
  const app = await buildServer({ ipLookup: { locator: () => locator }, ...options });
  servers.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function lookup(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: IpLookupResponse & { field?: string } }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as IpLookupResponse & { field?: string } };
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('GET /ip/json', () => {
  let base: string;
  beforeAll(async () => {
    base = await start();
  });

  it('answers for the caller: a loopback caller is a "reserved range" fail, as ip-api says', async () => {
    const answer = await lookup(`${base}/ip/json?key=anything`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'fail', message: 'reserved range', query: '127.0.0.1' });
  });

  it('locates a public IPv4 address with ip-api’s fields', async () => {
    const answer = await lookup(`${base}/ip/json/81.2.69.142?key=k`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'success',
      query: '81.2.69.142',
      country: 'United Kingdom',
      countryCode: 'GB',
      region: expect.any(String),
      regionName: expect.any(String),
      city: expect.any(String),
      zip: expect.any(String),
      lat: expect.any(Number),
      lon: expect.any(Number),
      timezone: 'Europe/London',
    });
  });

  it('locates a public IPv6 address', async () => {
    const answer = await lookup(`${base}/ip/json/2a03:2880:f10c:83:face:b00c:0:25de`);
    expect(answer.body.status).toBe('success');
    if (answer.body.status === 'success') expect(answer.body.countryCode).toMatch(/^[A-Z]{2}$/);
  });

  it('gives the region’s code where one is customary (US states, Canadian provinces)', async () => {
    // Residential ranges, located to a city in GeoLite2 (8.8.8.8 is not).
    expect((await lookup(`${base}/ip/json/24.48.0.1`)).body).toMatchObject({ status: 'success', countryCode: 'CA', region: 'QC', regionName: 'Quebec' });
    expect((await lookup(`${base}/ip/json/71.192.0.1`)).body).toMatchObject({ status: 'success', countryCode: 'US', region: 'MA', regionName: 'Massachusetts' });
  });

  it.each([
    ['10.1.2.3', 'private range'],
    ['192.168.0.10', 'private range'],
    ['172.20.1.1', 'private range'],
    ['fd12:3456::1', 'private range'],
    ['127.0.0.1', 'reserved range'],
    ['169.254.1.1', 'reserved range'],
    ['::1', 'reserved range'],
    ['224.0.0.1', 'reserved range'],
    ['not-an-ip', 'invalid query'],
    ['999.1.1.1', 'invalid query'],
  ])('answers %s with a "%s" fail', async (ip, message) => {
    const answer = await lookup(`${base}/ip/json/${encodeURIComponent(ip)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'fail', message, query: ip });
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const answer = await lookup(`${base}/ip/json`, { 'x-forwarded-for': '81.2.69.142' });
    expect(answer.body.query).toBe('127.0.0.1');
  });

  it('is never cached by shared caches when it answers for the caller', async () => {
    const response = await fetch(`${base}/ip/json`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('GET /ip/json behind a trusted proxy', () => {
  it('answers for the address in X-Forwarded-For', async () => {
    const base = await start({ trustProxy: true });
    const answer = await lookup(`${base}/ip/json`, { 'x-forwarded-for': '81.2.69.142' });
    expect(answer.body).toMatchObject({ status: 'success', query: '81.2.69.142', countryCode: 'GB' });
  });
});

describe('GET /ip/json with IP_LOOKUP_KEY set', () => {
  let base: string;
  beforeAll(async () => {
    base = await start({ ipLookup: { locator: () => locator, key: 's3cret' } });
  });

  it('answers 403 without a key or with a wrong one', async () => {
    for (const path of ['/ip/json', '/ip/json?key=wrong', '/ip/json/81.2.69.142?key=s3cre']) {
      const answer = await lookup(`${base}${path}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: 'Forbidden', field: 'key' });
    }
  });

  it('answers with the right key', async () => {
    const answer = await lookup(`${base}/ip/json/81.2.69.142?key=s3cret`);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('success');
  });
});

describe('IP address helpers', () => {
  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(normalizeAddress('::ffff:81.2.69.142')).toBe('81.2.69.142');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8::1');
  });

  it('treats documentation and carrier-grade NAT ranges as reserved, public ones as lookups', () => {
    expect(specialRange('192.0.2.1')).toBe('reserved range');
    expect(specialRange('100.64.0.1')).toBe('reserved range');
    expect(specialRange('2001:db8::1')).toBe('reserved range');
    expect(specialRange('81.2.69.142')).toBeUndefined();
  });
});

describe('CORS on the APIs', () => {
  let base: string;
  beforeAll(async () => {
    base = await start({ corsOrigins: ['https://app.astrelle.example'] });
  });

  it('allows a listed origin, preflight included', async () => {
    const preflight = await fetch(`${base}/ip/json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.astrelle.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.astrelle.example');
    const response = await fetch(`${base}/ip/json`, { headers: { origin: 'https://app.astrelle.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.astrelle.example');
  });

  it('gives any other origin no CORS headers, so browsers refuse the answer', async () => {
    const response = await fetch(`${base}/ip/json`, { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds nothing outside the APIs', async () => {
    const response = await fetch(`${base}/healthz`, { headers: { origin: 'https://app.astrelle.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
