// SPDX-License-Identifier: MIT
// Types of the CommonJS entry of "xiangqi/threads" (lib/threads.cjs): init()
// loads the threaded module and resolves to its API object, the default
// export of threads.d.ts.
import type { XiangqiApi } from './index.js';

/** Load the threaded module; every call resolves to the same API object. */
export declare function init(): Promise<XiangqiApi>;
