import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-shaped API for tests, on 127.0.0.1: what our gateway calls through the official SDK —
 * `POST /v1/checkout/sessions` with Stripe's form-encoded body (`line_items[0][price]=…`,
 * `metadata[orderId]=…`), answering a Checkout Session object (`cs_test_…`, with a `url`). It checks the
 * `Authorization: Bearer` secret key like Stripe (401 otherwise), replays the same session for a repeated
 * `Idempotency-Key`, records each request so tests can assert mode, price, metadata and URLs, and can be
 * told to fail. Anything else answers Stripe's 404 error shape, so a test cannot rely on an endpoint that
 * is not modelled here.
 *
 * `signedWebhook` builds a delivery the way Stripe signs one (`Stripe-Signature: t=…,v1=…` through the SDK's
 * own `generateTestHeaderString`), optionally at another time (stale deliveries) or with another secret.
 */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The decoded form body: nested objects, arrays for `[0]`, `[1]` … */
  params: Record<string, unknown>;
}

export interface StripeServer {
  /** http://127.0.0.1:{port}, for STRIPE_API_URL. */
  url: string;
  /** Every request answered, in order. */
  requests: RecordedStripeRequest[];
  /** The Checkout Sessions created, by id. */
  sessions: Map<string, Record<string, unknown>>;
  /** The next `count` session creations answer Stripe's 500 api_error. */
  failNext(count?: number): void;
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, child]) => [key, arraysFromIndexes(child)] as const,
  );
  const isArray = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isArray ? entries.map(([, child]) => child) : Object.fromEntries(entries);
}

const stripeError = (type: string, message: string) => ({ error: { type, message } });

export async function startStripeServer(options: { secretKey: string }): Promise<StripeServer> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  let failures = 0;

  function createSession(params: Record<string, unknown>): Record<string, unknown> {
    const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      subscription: null,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      livemode: false,
    };
    sessions.set(id, session);
    return session;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_test' });
        response.end(JSON.stringify(body));
      };
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const params = decodeStripeForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });

      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        send(401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failures > 0) {
          failures -= 1;
          send(500, stripeError('api_error', 'Something went wrong on our end.'));
          return;
        }
        const replayed = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        const session = replayed ?? createSession(params);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        send(200, session);
        return;
      }
      const cancelled = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && cancelled) {
        send(200, { id: cancelled[1], object: 'subscription', status: 'canceled', livemode: false });
        return;
      }
      send(
        404,
        stripeError(
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    failNext(count = 1) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A webhook delivery as Stripe sends it: the JSON body and its `Stripe-Signature` header. */
export function signedWebhook(
  event: Record<string, unknown>,
  options: { secret: string; timestamp?: number },
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
  };
}

let eventCounter = 0;

/** A Stripe event envelope around an object (what `constructEvent` parses). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string } = {},
): Record<string, unknown> {
  eventCounter += 1;
  return {
    id: options.id ?? `evt_test_${crypto.randomBytes(8).toString('hex')}_${eventCounter}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A completed Checkout Session as `checkout.session.completed` carries it. */
export function completedSession(session: {
  id: string;
  mode: 'payment' | 'subscription';
  metadata: Record<string, string>;
  subscription?: string | null;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
}): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: 'complete',
    payment_status: session.paymentStatus ?? 'paid',
    client_reference_id: session.metadata.orderId ?? null,
    metadata: session.metadata,
    subscription: session.subscription ?? null,
    livemode: false,
  };
}

/**
 * A paid subscription invoice. `shape: 'current'` puts the subscription and its metadata where API versions
 * since 2025-03-31 do (`parent.subscription_details`); `'legacy'` where older ones did (top level).
 */
export function paidInvoice(invoice: {
  id?: string;
  subscription: string;
  metadata: Record<string, string>;
  billingReason?: string;
  shape?: 'current' | 'legacy';
}): Record<string, unknown> {
  const common = {
    id: invoice.id ?? `in_test_${crypto.randomBytes(8).toString('hex')}`,
    object: 'invoice',
    status: 'paid',
    paid: true,
    amount_paid: 500,
    billing_reason: invoice.billingReason ?? 'subscription_cycle',
    livemode: false,
  };
  if (invoice.shape === 'legacy') {
    return {
      ...common,
      subscription: invoice.subscription,
      subscription_details: { metadata: invoice.metadata },
    };
  }
  return {
    ...common,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: invoice.metadata, subscription: invoice.subscription },
    },
  };
}

/** A subscription as `customer.subscription.deleted` carries it: ended, with the metadata checkout gave it. */
export function endedSubscription(subscription: {
  id: string;
  metadata: Record<string, string>;
}): Record<string, unknown> {
  return {
    id: subscription.id,
    object: 'subscription',
    status: 'canceled',
    metadata: subscription.metadata,
    livemode: false,
  };
}
