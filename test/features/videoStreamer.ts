/**
 * The repository's example lmctl project (examples/video-streamer), shared by the tests that type into
 * its real assembly and compare the result with a fresh session's.
 */
import { fileURLToPath } from 'node:url';
import { Session } from '../../server/src/host/session.js';

export const EXAMPLE = fileURLToPath(new URL('../../examples/video-streamer', import.meta.url));
export const ASSEMBLY = `${EXAMPLE}/Descriptor/assembly.yml`;
export const BALANCER = `${EXAMPLE}/Contains/balancer/Definitions/lm/resource.yaml`;

/** A session with the example project indexed. */
export async function sessionOn(): Promise<Session> {
  const s = new Session();
  s.index.addRoot(EXAMPLE);
  await s.index.build();
  return s;
}
