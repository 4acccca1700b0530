// SPDX-License-Identifier: MIT
// Types of the CommonJS entry of the xiangqi package (`require('xiangqi')`,
// lib/index.cjs): init() loads the single-threaded module and resolves to
// its API object, the ES module's default export (index.d.ts).
import type { XiangqiApi, SearchWorker } from './index.js';

/** Load the module; every call resolves to the same API object. */
export declare function init(): Promise<XiangqiApi & { SearchWorker: typeof SearchWorker }>;
