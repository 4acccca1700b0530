/* SPDX-License-Identifier: MIT */
/* The server's configuration and its defaults (config.h). */
#include "config.h"
#include "tuning.h"


srv_config g_cfg = {
    .host = "127.0.0.1",
    .port = SRV_DEFAULT_PORT,
    .db_path = NULL,
    .www = XQ_SERVER_WWW,
    .js = XQ_SERVER_JS,
    .no_isolation = 0,
    .guests = 0,
    .grace_s = 60,
    .max_conns = 4096,
    .max_per_addr = 32,
    .engine_threads = 1,
    .review_threads = 1,
    .sync_full = 0,
    .verbose = 0,
    .event_loop = SRV_LOOP_UV,
    .broker_url = NULL,
};
