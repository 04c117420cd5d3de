/**
 * Node yields with `setImmediate`: the next turn after pending I/O, without the 1 ms floor of a
 * zero-delay timer (the index build and the diagnostics slices yield thousands of times).
 * Imported for its effect by the Node file system, so everything that reads the disk yields this way.
 */
import { setTurnYielder } from '../util/turn.js';

setTurnYielder(() => new Promise<void>((resolve) => setImmediate(resolve)));
