/**
 * Failpoints: named places in the code where a test can make this process die on the spot (like etcd's
 * gofail), to prove that what a crash leaves behind is recovered. Inert unless `WINC_FAILPOINTS` names the
 * point: `WINC_FAILPOINTS="delivery:after-smtp-accept=kill"` (several separated by `;`). `kill` is SIGKILL on
 * this process — no shutdown hook, no flush, an open transaction cut where it stands, as a power cut would.
 */
type FailpointAction = 'kill';

function parse(spec: string | undefined): Map<string, FailpointAction> {
  const points = new Map<string, FailpointAction>();
  for (const entry of (spec ?? '').split(';')) {
    const [name, action] = entry.trim().split('=');
    if (name && action === 'kill') points.set(name, action);
  }
  return points;
}

const armed = parse(process.env.WINC_FAILPOINTS);

/** Reaches the failpoint `name`: nothing happens unless WINC_FAILPOINTS arms it. */
export function failpoint(name: string): void {
  if (armed.get(name) === 'kill') process.kill(process.pid, 'SIGKILL');
}
