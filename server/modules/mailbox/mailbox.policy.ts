import net from 'node:net';
import type { AppConfig } from '../../platform/config.ts';

export interface MailboxAccess {
  mailMode: 'smtp' | 'outbox';
  localMailbox: AppConfig['localMailbox'];
  /** The host (name and port) of PUBLIC_ORIGIN, when one is configured. */
  publicHost?: string | undefined;
}

/** Who asks: the client's address (`request.ip`) and the Host the request was addressed to (`request.host`). */
export interface MailboxVisitor {
  ip: string;
  host: string;
}

function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (net.isIPv4(address)) return address.startsWith('127.');
  return address === '::1';
}

/** The host name of a Host header, lower case, without its port (an IPv6 literal without its brackets). */
function hostName(host: string): string {
  const name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(name);
  if (bracketed) return bracketed[1]!;
  return name.replace(/:\d*$/, '');
}

/**
 * Whether a request addressed to `host` reached this server by a name no one else controls: `localhost`, an IP
 * address, or the configured public origin. A page on another site can point a name of its own at 127.0.0.1
 * (DNS rebinding) and then read same-origin answers from it: those requests carry the foreign name as Host.
 */
function isOwnHost(access: MailboxAccess, host: string): boolean {
  if (access.publicHost && host.trim().toLowerCase() === access.publicHost) return true;
  const name = hostName(host);
  return name === 'localhost' || net.isIP(name) !== 0;
}

/**
 * The local mailbox exists only while mail stays in the outbox (no SMTP). By default only a visitor on the
 * same machine may read it: the outbox holds everyone's verification and password-reset links, so a server
 * put online without SMTP must not publish them. `request.ip` honours TRUST_PROXY only, so it is not spoofable.
 * In every mode the request must be addressed to one of the server's own names (see isOwnHost).
 */
export function canReadMailbox(access: MailboxAccess, visitor: MailboxVisitor): boolean {
  if (access.mailMode !== 'outbox') return false;
  if (access.localMailbox === 'off') return false;
  if (!isOwnHost(access, visitor.host)) return false;
  if (access.localMailbox === 'everyone') return true;
  return isLoopback(visitor.ip);
}
