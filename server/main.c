/* SPDX-License-Identifier: MIT */
/* xq-server: a Xiangqi game server (see docs/server.md, docs/protocol.md). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xiangqi/xiangqi.h>

#include "accounts.h"
#include "broker.h"
#include "broker_local.h"
#ifdef XQ_HAVE_HIREDIS
#include "broker_redis.h"
#endif
#include "cli.h"
#include "config.h"
#include "engine.h"
#include "explore.h"
#include "game.h"
#include "forward.h"
#include "game_owner.h"
#include "game_pgn.h"
#include "http.h"
#include "lobby.h"
#include "lobby_site.h"
#include "net.h"
#include "profile.h"
#include "proxy.h"
#include "review.h"
#include "session.h"
#include "stats.h"
#include "store.h"
#include "tuning.h"



static int g_www_given; /* --www was on the command line */
static int g_js_given;  /* --js was on the command line */

/* --listen [HOST:]PORT, HOST possibly "[v6]"; 0, or -1 after the usage message. */
static int parse_listen(const char *v)
{
    static char host[256];
    const char *colon = strrchr(v, ':');
    const char *port = colon ? colon + 1 : v;
    long long p;
    if (colon) {
        size_t n = (size_t)(colon - v);
        if (n >= sizeof host) {
            cli_usage_error("--listen: the host name is too long");
            return -1;
        }
        memcpy(host, v, n);
        host[n] = 0;
        if (host[0] == '[' && n > 2 && host[n - 1] == ']') {
            memmove(host, host + 1, n - 2);
            host[n - 2] = 0;
        }
        if (!host[0]) {
            cli_usage_error("--listen wants [HOST:]PORT, not '%s'", v);
            return -1;
        }
        g_cfg.host = host;
    }
    if (!cli_parse_int(port, 0, 65535, &p)) {
        cli_usage_error("--listen wants [HOST:]PORT with a port from 0 to 65535, not '%s'", v);
        return -1;
    }
    g_cfg.port = (int)p;
    return 0;
}

static int event_loop_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    if (strcmp(v, "uv") == 0)
        g_cfg.event_loop = SRV_LOOP_UV;
    else if (strcmp(v, "poll") == 0)
        g_cfg.event_loop = SRV_LOOP_POLL;
    else {
        cli_usage_error("--event-loop wants uv or poll, not '%s'", v);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

static int trust_proxy_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    char err[200];
    if (proxy_trust(v, err, sizeof err) < 0) {
        cli_usage_error("%s", err);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

static int listen_option(void *ctx, const char *opt, const char *v)
{
    (void)ctx;
    (void)opt;
    return parse_listen(v) < 0 ? CLI_EXIT_USAGE : 0;
}

#define STR_(x) #x
#define STR(x) STR_(x)

static void usage(FILE *f);

static const cli_option options[] = {
    {CLI_CALL, "--listen", .arg = "[HOST:]PORT", .call = listen_option,
     .help = "address to listen on (default 127.0.0.1:" STR(SRV_DEFAULT_PORT)
             "; port 0: any free one)"},
    {CLI_STRING, "--db", .arg = "PATH|URI", .dest = &g_cfg.db_path,
     .help = "SQLite database file (default $XDG_DATA_HOME/xiangqi/xq-server.db),\n"
             "or a PostgreSQL database: postgresql://..."},
    {CLI_STRING, "--www", .arg = "DIR", .dest = &g_cfg.www, .seen = &g_www_given,
     .help = "files served over HTTP (default " XQ_SERVER_WWW ",\n"
             "from the build tree: the sources' server/www)"},
    {CLI_STRING, "--js", .arg = "DIR", .dest = &g_cfg.js, .seen = &g_js_given,
     .help = "the JavaScript package served at /xiangqi/ (default " XQ_SERVER_JS ",\n"
             "from the build tree: BUILD/wasm/package when built)"},
    {CLI_FLAG, "--no-isolation", .dest = &g_cfg.no_isolation, .ival = 1,
     .help = "no cross-origin isolation headers (COOP/COEP)"},
    {CLI_FLAG, "--guests", .dest = &g_cfg.guests, .ival = 1, .help = "allow guest accounts"},
    {CLI_INT, "--grace", .arg = "SECONDS", .dest = &g_cfg.grace_s, .lo = 1, .hi = 86400,
     .help = "reconnect grace before a game is lost by abandonment (60)"},
    {CLI_INT, "--max-connections", .arg = "N", .dest = &g_cfg.max_conns, .lo = 1, .hi = 60000,
     .help = "connections in all (4096)"},
    {CLI_INT, "--max-per-address", .arg = "N", .dest = &g_cfg.max_per_addr, .lo = 1,
     .hi = 60000, .help = "connections from one address (32)"},
    {CLI_CALL, "--trust-proxy", .arg = "ADDR[,ADDR]", .call = trust_proxy_option,
     .help = "WebSocket clients through these proxies count as\n"
             "from the address that X-Forwarded-For ends with"},
    {CLI_INT, "--engine-threads", .arg = "N", .dest = &g_cfg.engine_threads, .lo = 1, .hi = 64,
     .help = "threads that play the engine's moves (1)"},
    {CLI_INT, "--review-threads", .arg = "N", .dest = &g_cfg.review_threads, .lo = 0, .hi = 64,
     .help = "threads that review finished games (1; 0: no reviews)"},
    {CLI_STRING, "--book", .arg = "FILE", .dest = &g_cfg.book_path,
     .help = "opening book of the explorer (default: the installed book.xqb)"},
    {CLI_FLAG, "--no-book", .dest = &g_cfg.no_book, .ival = 1, .help = "no opening explorer"},
    {CLI_STRING, "--egtb", .arg = "DIR", .dest = &g_cfg.egtb_dir,
     .help = "endgame tables (*.xqtb) for the explorer's verdicts"},
    {CLI_FLAG, "--sync-full", .dest = &g_cfg.sync_full, .ival = 1,
     .help = "fsync every move (survives power loss, not just a crash)"},
    {CLI_CALL, "--event-loop", .arg = "uv|poll", .call = event_loop_option,
     .help = "libuv's epoll loop (uv, the default; poll when it cannot load) or poll"},
    {CLI_STRING, "--broker", .arg = "URL", .dest = &g_cfg.broker_url,
     .help = "the site's Redis, redis://HOST[:PORT] (needs a PostgreSQL --db and\n"
             "the uv loop; default: this process alone, an in-process broker)"},
    {CLI_COUNT, "--verbose", .dest = &g_cfg.verbose, .help = "log connections"},
    {CLI_HELP, "--help", "-h", .help = "this help"},
    {CLI_VERSION, "--version", .help = "print the version"},
};

static const cli_spec spec = {options, sizeof options / sizeof options[0], .column = 25,
                              .help = usage};

static void usage(FILE *f)
{
    fputs("usage: xq-server [options]\n"
          "A Xiangqi game server: accounts, lobby, games with server clocks, the engine.\n"
          "Clients speak the protocol of docs/protocol.md as lines over TCP or JSON over\n"
          "WebSocket, on one port that also serves the browser client over HTTP.\n"
          "\n",
          f);
    cli_print_options(f, &spec);
}

static char *default_db(void)
{
    static char path[CLI_PATH_MAX];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    char dir[CLI_PATH_MAX - sizeof "/xq-server.db"];
    if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/xiangqi", xdg);
    else if (home && *home) {
        snprintf(dir, sizeof dir, "%s/.local/share", home);
        mkdir(dir, 0755);
        snprintf(dir, sizeof dir, "%s/.local/share/xiangqi", home);
    } else
        snprintf(dir, sizeof dir, ".");
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/xq-server.db", dir);
    return path;
}

/* 1 when dir is a directory with an index.html. */
static int page_dir(const char *dir)
{
    char index[CLI_PATH_MAX + sizeof "/index.html"];
    struct stat st;
    snprintf(index, sizeof index, "%s/index.html", dir);
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && stat(index, &st) == 0 &&
           S_ISREG(st.st_mode);
}

#if defined(XQ_SERVER_WWW_SOURCE) && defined(XQ_SERVER_BUILD_DIR)
/* Whether this binary runs from the build tree it was built in. */
static int in_build_tree(void)
{
    char exe[CLI_PATH_MAX], *build = realpath(XQ_SERVER_BUILD_DIR, NULL);
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    int in = 0;
    if (build && n > 0) {
        exe[n] = 0;
        size_t bl = strlen(build);
        in = strncmp(exe, build, bl) == 0 && exe[bl] == '/';
    }
    free(build);
    return in;
}
#endif

/* The browser page: --www, else the installed one, else (or when run from the
 * build tree) the source tree's; a clear warning when there is none. */
static void choose_www(void)
{
    if (!g_www_given) {
#if defined(XQ_SERVER_WWW_SOURCE) && defined(XQ_SERVER_BUILD_DIR)
        if ((in_build_tree() || !page_dir(g_cfg.www)) && page_dir(XQ_SERVER_WWW_SOURCE))
            g_cfg.www = XQ_SERVER_WWW_SOURCE;
#endif
    }
    if (page_dir(g_cfg.www))
        return;
    fprintf(stderr,
            "xq-server: warning: the browser page is not served: %s %s; HTTP answers 404. "
            "Start with --www DIR, DIR being the page's directory (server/www in the "
            "sources, installed to %s)\n",
            g_cfg.www, g_www_given ? "is not a directory with an index.html" : "is not there",
            XQ_SERVER_WWW);
    fflush(stderr);
    g_cfg.www = NULL;
}

/* 1 when dir is a built JavaScript package (bindings/js: lib/ and dist/). */
static int js_dir(const char *dir)
{
    char path[CLI_PATH_MAX + sizeof "/dist/xiangqi.wasm"];
    struct stat st;
    snprintf(path, sizeof path, "%s/lib/index.js", dir);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    snprintf(path, sizeof path, "%s/dist/xiangqi.wasm", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The JavaScript package for the page's analysis board: --js, else (run from
 * the build tree) the build's wasm/package, else the installed one; without
 * one the page plays as before and says that the analysis board needs it. */
static void choose_js(void)
{
    if (!g_js_given) {
#if defined(XQ_SERVER_JS_BUILD) && defined(XQ_SERVER_WWW_SOURCE) && defined(XQ_SERVER_BUILD_DIR)
        if ((in_build_tree() || !js_dir(g_cfg.js)) && js_dir(XQ_SERVER_JS_BUILD))
            g_cfg.js = XQ_SERVER_JS_BUILD;
#endif
    }
    if (js_dir(g_cfg.js))
        return;
    if (g_js_given) {
        fprintf(stderr,
                "xq-server: warning: %s is not a JavaScript package (lib/index.js and "
                "dist/xiangqi.wasm); the page's analysis board is off\n",
                g_cfg.js);
        fflush(stderr);
    }
    g_cfg.js = NULL;
}

/* The Redis broker of --broker, or NULL with a message. */
static broker *open_redis(const char *url, char *err, size_t cap)
{
#ifdef XQ_HAVE_HIREDIS
    return broker_redis_new(url, err, cap);
#else
    snprintf(err, cap, "--broker %s: this xq-server was built without the Redis broker "
                       "(it needs hiredis and libuv; Debian: libhiredis-dev)", url);
    return NULL;
#endif
}

static void on_signal(int sig)
{
    (void)sig;
    net_stop();
}

/* GET /healthz's probe of the store (stats.h). */
static int store_health(void *arg, char *why, size_t cap)
{
    store *st = arg;
    if (store_ping(st) == ST_OK)
        return 0;
    snprintf(why, cap, "%s", store_errmsg(st));
    return -1;
}

/* GET /healthz's probe of the broker: Redis reached (in process: always). */
static int broker_health(void *arg, char *why, size_t cap)
{
    const char *fault = broker_fault(arg);
    if (!fault)
        return 0;
    snprintf(why, cap, "%s", fault);
    return -1;
}

int main(int argc, char **argv)
{
    cli_init("xq-server");
    int rc = cli_parse(&spec, argc, argv);
    if (rc != CLI_CONTINUE)
        return rc;
    if (!g_cfg.db_path)
        g_cfg.db_path = default_db();
    if (g_cfg.broker_url && !store_target_shared(g_cfg.db_path)) {
        cli_error("--broker joins the processes of a site, which share a PostgreSQL --db "
                  "(postgresql://...); an SQLite file is one process's");
        return 1;
    }
    choose_www();
    choose_js();

    /* room for --max-connections and no more: libwebsockets sizes its
     * tables by the open-file limit, and looks a connection up by its
     * descriptor directly only when it is given no smaller limit of its own */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rlim_t want = (rlim_t)g_cfg.max_conns + SRV_FD_MARGIN;
        rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ? rl.rlim_max : want;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    signal(SIGPIPE, SIG_IGN);

    char err[1024];
    stats_init();
    /* a site's processes share the database (--broker needs PostgreSQL) */
    store *st = store_open(g_cfg.db_path,
                           (g_cfg.sync_full ? STORE_SYNC_FULL : 0) |
                               (g_cfg.broker_url ? STORE_SHARED : 0),
                           err, sizeof err);
    if (!st) {
        cli_error("%s", err);
        return 1;
    }
    stats_probe("store", store_health, st);
    if (explore_init(err, sizeof err) < 0) {
        cli_error("%s", err);
        store_close(st);
        return 1;
    }
    broker *br = g_cfg.broker_url ? open_redis(g_cfg.broker_url, err, sizeof err)
                                  : broker_local_new();
    if (!br && g_cfg.broker_url) {
        cli_error("%s", err);
        explore_shutdown();
        store_close(st);
        return 1;
    }
    if (br)
        stats_probe("broker", broker_health, br);
    if (!br || lobby_init(st, br) < 0) {
        cli_error("out of memory");
        broker_free(br);
        explore_shutdown();
        store_close(st);
        return 1;
    }
    profile_init(st);
    game_pgn_init(st);
    static const net_handlers session_layer = {session_open, session_message, session_closed};
    net_set_handlers(&session_layer);
    if (accounts_init(st, br) < 0 || engine_init(g_cfg.engine_threads) < 0 ||
        review_init(g_cfg.review_threads, st) < 0) {
        cli_error("cannot start the worker threads");
        explore_shutdown();
        broker_free(br);
        store_close(st);
        return 1;
    }
    session_set_broker(br);
    if (net_start(err, sizeof err) < 0 || broker_start(br, net_uv_loop(), err, sizeof err) < 0) {
        cli_error("%s", err);
        net_destroy();
        review_shutdown();
        engine_shutdown();
        accounts_shutdown();
        explore_shutdown();
        broker_free(br);
        store_close(st);
        return 1;
    }
    if (g_cfg.broker_url)
        game_owner_init(); /* before the games come back: only those it claims */
    int restored = game_restore_all(st, br);
    if (restored < 0) {
        cli_error("the games could not be read: %s", store_errmsg(st));
        return 1;
    }
    if (g_cfg.broker_url && (game_owner_start() < 0 ||
                             forward_init(br, st, game_owner_id(), session_dispatch) < 0)) {
        cli_error("out of memory");
        return 1;
    }
    if (lobby_site_start(st, br, g_cfg.broker_url ? game_owner_id() : NULL) < 0)
        return 1; /* said on standard error */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    const char *h = g_cfg.host;
    int v6 = strchr(h, ':') != NULL;
    printf("xq-server %s: listening on %s%s%s:%d (HTTP, WebSocket \"xq\", line protocol)\n",
           xq_version_string(), v6 ? "[" : "", h, v6 ? "]" : "", g_cfg.port);
    if (g_cfg.www && g_cfg.js)
        printf("xq-server: the browser page from %s, the JavaScript package from %s at /xiangqi/\n",
               g_cfg.www, g_cfg.js);
    else if (g_cfg.www)
        printf("xq-server: the browser page from %s (no JavaScript package, see --js: "
               "no analysis board)\n",
               g_cfg.www);
    else
        printf("xq-server: no browser page (see --www)\n");
    explore_describe(stdout);
    printf("xq-server: event loop %s\n", net_loop_name());
    if (g_cfg.broker_url)
        printf("xq-server: broker %s (Redis: this process is one of a site, owner %s)\n",
               g_cfg.broker_url, game_owner_id());
    char shown[1024];
    store_target_show(g_cfg.db_path, shown, sizeof shown);
    printf("xq-server: database %s (%d unfinished game%s restored)\n", shown, restored,
           restored == 1 ? "" : "s");
    fflush(stdout);
    net_run();
    review_shutdown();
    engine_shutdown();
    accounts_shutdown();
    forward_shutdown(); /* the remote connections go (their players' games with them) */
    lobby_site_shutdown(); /* a site's process: its lease ends, the others remove its offers */
    if (g_cfg.broker_url)
        game_owner_shutdown(); /* the leases given up: the site takes the games at once */
    games_shutdown();
    explore_shutdown();
    broker_close(br); /* its connections and timer close with the loop */
    net_destroy();
    lobby_shutdown();
    stats_probes_clear();
    broker_free(br);
    store_close(st);
    return 0;
}
