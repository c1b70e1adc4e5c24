import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../shared/config.ts';

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A hop count becomes a function: Fastify 5 reads a bare
 * number as "trust nothing" (it cannot tell a proxy from a client that connects directly), so with a hop
 * count the server must be reachable only through its proxies (docs/operations.md "Behind a proxy").
 */
export function trustProxyOption(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  // Hop 0 is the socket's peer, hop 1 the rightmost X-Forwarded-For entry, and so on leftwards.
  return (_address, hop) => hop < hops;
}

/**
 * Whether a socket's peer is a trusted proxy (whose connections carry many clients' requests). With a hop
 * count every peer is one.
 */
export function trustedPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (typeof trustProxy === 'number') return () => true;
  if (trustProxy === false) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4');
    return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client address Fastify gives as `request.ip`, for a request Fastify has not seen (the answer cache's
 * front door): the socket's peer, or with TRUST_PROXY the address its trusted proxies forwarded, the way
 * Fastify reads it (@fastify/proxy-addr, the last address not trusted).
 */
export function clientAddressOf(
  trustProxy: Config['trustProxy'],
): (request: IncomingMessage) => string | undefined {
  const option = trustProxyOption(trustProxy);
  if (option === false) return (request) => request.socket.remoteAddress;
  const trusted = typeof option === 'function' ? option : proxyAddr.compile(option);
  return (request) => {
    const addresses = proxyAddr.all(request, trusted);
    return addresses[addresses.length - 1];
  };
}
