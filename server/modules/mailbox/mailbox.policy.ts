import net from 'node:net';
import type { AppConfig } from '../../platform/config.ts';

export interface MailboxAccess {
  mailMode: 'smtp' | 'outbox';
  localMailbox: AppConfig['localMailbox'];
}

function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (net.isIPv4(address)) return address.startsWith('127.');
  return address === '::1';
}

/**
 * The local mailbox exists only while mail stays in the outbox (no SMTP). By default only a visitor on the
 * same machine may read it: the outbox holds everyone's verification and password-reset links, so a server
 * put online without SMTP must not publish them. `request.ip` honours TRUST_PROXY only, so it is not spoofable.
 */
export function canReadMailbox(access: MailboxAccess, clientIp: string): boolean {
  if (access.mailMode !== 'outbox') return false;
  if (access.localMailbox === 'everyone') return true;
  if (access.localMailbox === 'off') return false;
  return isLoopback(clientIp);
}
