/* SPDX-License-Identifier: MIT */
/* xq-server's input on the line transport (T_LINE: "TYPE {json}" or "TYPE
 * words" lines): the session layer, the codec and everything the
 * commands reach, up to a SQLite store, over fake connections and clocks. The
 * input format is server_harness.h's. */
#include "codec.h"
#include "fuzz_common.h"
#include "server_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    server_fuzz_run(T_LINE, data, size);
    return 0;
}
