/**
 * Yielding to the event loop between slices of work, so messages that came in meanwhile are
 * handled. Each host installs its cheapest way to do it (Node: `setImmediate`, with no timer
 * floor; a browser worker: a MessageChannel round trip); a host that installs nothing gets a
 * zero-delay timer. Kept behind this seam so the layers below the host name no platform global.
 */

type Yielder = () => Promise<void>;

const timerTurn: Yielder = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// One process runs one host, so the way to yield is process-wide state set once at start-up.
let yielder: Yielder = timerTurn;

/** Resolves on a later turn of the event loop. */
export function nextTurn(): Promise<void> {
  return yielder();
}

/** Installs the host's way of yielding (a function returning a promise resolved on a later turn). */
export function setTurnYielder(next: Yielder): void {
  yielder = next;
}
