/* SPDX-License-Identifier: MIT */
/* xq-server's input on the WebSocket transport (T_WS: each message a JSON
 * object with a "type"): the session layer, the codec and everything the
 * commands reach, up to a SQLite store, over fake connections and clocks. The
 * input format is server_harness.h's. */
#include "codec.h"
#include "fuzz_common.h"
#include "server_harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    server_fuzz_run(T_WS, data, size);
    return 0;
}
