/**
 * The analysis session of the Node host (the CLI, the tests, the benchmarks): files come from the
 * disk unless a file system is given. The language server builds an AnalysisSession on the file
 * system its host provides.
 */
import type { IndexOptions } from '../index/workspace.js';
import type { FileSystem } from '../index/fileSystem.js';
import { AnalysisSession } from './analysisSession.js';
import { nodeFileSystem } from './nodeFileSystem.js';

export class Session extends AnalysisSession {
  constructor(fs: FileSystem = nodeFileSystem, options: IndexOptions = {}) {
    super(fs, options);
  }
}
