/* SPDX-License-Identifier: MIT */
/* The page's files over HTTP (issue 45), the part without libwebsockets: the
 * table of files and the answer to a request, which http.c writes out. --www
 * at / and the JavaScript package (--js, else the page's stand-in
 * no-package/) at /xiangqi/, read into memory
 * at start-up (restart the server after changing them). Every file has a
 * content hash (BLAKE2b, libsodium) and is served under two names:
 *
 *   /js/app.js                 cache-control: no-cache, with an ETag: the
 *                              browser asks again and gets a 304 when nothing
 *                              changed
 *   /js/app.<hash>.js          cache-control: public, max-age=31536000,
 *                              immutable: the browser never asks again
 *   /xiangqi@<hash>/dist/...   the package under the hash of all its files
 *                              (its modules find their .wasm and workers by
 *                              relative URLs, so the package moves as one)
 *
 * index.html is served with no-cache; its href/src attributes name the hashed
 * files, and an import map sends every module of the page to its hashed name
 * and /xiangqi/ to /xiangqi@<hash>/. Text, JavaScript, JSON, SVG and
 * WebAssembly go gzip-compressed (zlib, on a file's first request) to a
 * client that accepts gzip. Requests name files of the table only: no path
 * from a request ever reaches the file system. */
#include <sodium.h>
#include <zlib.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "http_files.h"

#define HTTP_HASH_BYTES 8                 /* digest bytes in a hashed name: 16 hex digits */
#define HTTP_HASH_HEX (2 * HTTP_HASH_BYTES)
#define HTTP_MAX_FILES 1024               /* files of the page and the package together */
#define HTTP_MAX_FILE_BYTES (64L << 20)   /* a larger file is left out (with a warning) */
#define HTTP_MAX_DEPTH 8                  /* folders below --www or --js */
#define HTTP_PATH_MAX 1024
#define HTTP_GZIP_LEVEL 9                 /* zlib level: once per file and server run */
#define HTTP_GZIP_WINDOW (15 + 16)        /* deflateInit2 window bits: 15, gzip wrapper */
#define HTTP_GZIP_MEMLEVEL 8
#define HTTP_IMMUTABLE "public, max-age=31536000, immutable"
#define HTTP_REVALIDATE "no-cache"
#define HTTP_PKG "/xiangqi"               /* the package's mount point */

typedef struct asset {
    char *path;         /* the URL path without hash: "/js/app.js", "/xiangqi/lib/index.js" */
    const char *type;   /* content-type */
    int compressible;
    unsigned char *data;
    size_t len;
    unsigned char *gz;  /* gzip of data when smaller, made on the first request */
    size_t gzlen;
    int gz_tried;
    char hash[HTTP_HASH_HEX + 1];
} asset;

static asset *g_assets;
static size_t g_nassets;
static char g_pkg_hash[HTTP_HASH_HEX + 1]; /* "" without a package */

static const struct {
    const char *ext, *type;
    int compressible;
} k_types[] = {
    {".html", "text/html; charset=utf-8", 1},
    {".js", "text/javascript", 1},
    {".mjs", "text/javascript", 1},
    {".css", "text/css", 1},
    {".wasm", "application/wasm", 1},
    {".json", "application/json", 1},
    {".svg", "image/svg+xml", 1},
    {".ts", "text/plain; charset=utf-8", 1},
    {".md", "text/plain; charset=utf-8", 1},
    {".txt", "text/plain; charset=utf-8", 1},
    {".png", "image/png", 0},
    {".ico", "image/x-icon", 0},
};

static const char *name_ext(const char *path)
{
    const char *base = strrchr(path, '/');
    const char *dot = strrchr(base ? base : path, '.');
    return dot && dot != base + 1 ? dot : NULL;
}

static void set_type(asset *a)
{
    const char *ext = name_ext(a->path);
    a->type = "application/octet-stream";
    a->compressible = 0;
    if (!ext)
        return;
    for (size_t i = 0; i < sizeof k_types / sizeof k_types[0]; i++)
        if (strcmp(ext, k_types[i].ext) == 0) {
            a->type = k_types[i].type;
            a->compressible = k_types[i].compressible;
        }
}

static void hash_hex(const unsigned char *data, size_t len, char out[HTTP_HASH_HEX + 1])
{
    unsigned char h[HTTP_HASH_BYTES];
    crypto_generichash(h, sizeof h, data, len, NULL, 0);
    sodium_bin2hex(out, HTTP_HASH_HEX + 1, h, sizeof h);
}

static int read_file(const char *file, unsigned char **data, size_t *len)
{
    FILE *f = fopen(file, "rb");
    struct stat st;
    if (!f)
        return -1;
    if (fstat(fileno(f), &st) != 0 || st.st_size > HTTP_MAX_FILE_BYTES) {
        fclose(f);
        return -1;
    }
    *len = (size_t)st.st_size;
    *data = malloc(*len ? *len : 1);
    int ok = *data && fread(*data, 1, *len, f) == *len;
    fclose(f);
    if (!ok) {
        free(*data);
        *data = NULL;
        return -1;
    }
    return 0;
}

static int add_asset(const char *file, const char *url)
{
    if (g_nassets >= HTTP_MAX_FILES) {
        fprintf(stderr, "xq-server: warning: more than %d files to serve; %s left out\n",
                HTTP_MAX_FILES, file);
        return -1;
    }
    asset a;
    memset(&a, 0, sizeof a);
    if (read_file(file, &a.data, &a.len) < 0 || !(a.path = strdup(url))) {
        fprintf(stderr, "xq-server: warning: cannot read %s (or larger than %ld bytes); "
                "not served\n", file, HTTP_MAX_FILE_BYTES);
        free(a.data);
        return -1;
    }
    set_type(&a);
    hash_hex(a.data, a.len, a.hash);
    if (!g_assets) {
        g_assets = calloc(HTTP_MAX_FILES, sizeof *g_assets);
        if (!g_assets) {
            free(a.data);
            free(a.path);
            return -1;
        }
    }
    g_assets[g_nassets++] = a;
    return 0;
}

/* Every regular file under dir (not names starting with '.'), at URL prefix. */
static void scan(const char *dir, const char *prefix, int depth)
{
    DIR *d = depth <= HTTP_MAX_DEPTH ? opendir(dir) : NULL;
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        char file[HTTP_PATH_MAX], url[HTTP_PATH_MAX];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        if (snprintf(file, sizeof file, "%s/%s", dir, e->d_name) >= (int)sizeof file ||
            snprintf(url, sizeof url, "%s/%s", prefix, e->d_name) >= (int)sizeof url ||
            stat(file, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            scan(file, url, depth + 1);
        else if (S_ISREG(st.st_mode))
            add_asset(file, url);
    }
    closedir(d);
}

static int asset_cmp(const void *a, const void *b)
{
    return strcmp(((const asset *)a)->path, ((const asset *)b)->path);
}

static asset *find(const char *path)
{
    asset key;
    key.path = (char *)path;
    return g_nassets ? bsearch(&key, g_assets, g_nassets, sizeof *g_assets, asset_cmp) : NULL;
}

static int is_pkg(const asset *a)
{
    return strncmp(a->path, HTTP_PKG "/", sizeof HTTP_PKG) == 0;
}

/* The package's hash: of every package file's path and hash, in path order. */
static void pkg_hash(void)
{
    crypto_generichash_state st;
    unsigned char h[HTTP_HASH_BYTES];
    int any = 0;
    crypto_generichash_init(&st, NULL, 0, sizeof h);
    for (size_t i = 0; i < g_nassets; i++)
        if (is_pkg(&g_assets[i])) {
            crypto_generichash_update(&st, (const unsigned char *)g_assets[i].path,
                                      strlen(g_assets[i].path) + 1);
            crypto_generichash_update(&st, (const unsigned char *)g_assets[i].hash, HTTP_HASH_HEX);
            any = 1;
        }
    crypto_generichash_final(&st, h, sizeof h);
    g_pkg_hash[0] = '\0';
    if (any)
        sodium_bin2hex(g_pkg_hash, sizeof g_pkg_hash, h, sizeof h);
}

/* The name that never changes for this content: "/js/app.<hash>.js", or the
 * package's "/xiangqi@<hash>/...". 0, or -1 when it does not fit. */
static int hashed_url(const asset *a, char *out, size_t cap)
{
    int n;
    if (is_pkg(a)) {
        n = snprintf(out, cap, "%s@%s%s", HTTP_PKG, g_pkg_hash, a->path + strlen(HTTP_PKG));
    } else {
        const char *ext = name_ext(a->path);
        size_t stem = ext ? (size_t)(ext - a->path) : strlen(a->path);
        n = snprintf(out, cap, "%.*s.%s%s", (int)stem, a->path, a->hash, ext ? ext : "");
    }
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* The first s2 (n2 bytes) in the n bytes at s, or NULL. */
static const char *nstrstr(const char *s, size_t n, const char *s2, size_t n2)
{
    for (size_t i = 0; i + n2 <= n; i++)
        if (memcmp(s + i, s2, n2) == 0)
            return s + i;
    return NULL;
}

typedef struct strbuf {
    char *s;
    size_t len, cap;
    int failed;
} strbuf;

static void sb_add(strbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->failed = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void sb_str(strbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

/* <script type="importmap">: each page module to its hashed name, the package
 * to its hashed folder. */
static void import_map(strbuf *b)
{
    char url[HTTP_PATH_MAX];
    const char *sep = "";
    sb_str(b, "<script type=\"importmap\">{\"imports\":{");
    for (size_t i = 0; i < g_nassets; i++) {
        const char *ext = name_ext(g_assets[i].path);
        if (is_pkg(&g_assets[i]) || !ext || (strcmp(ext, ".js") && strcmp(ext, ".mjs")) ||
            hashed_url(&g_assets[i], url, sizeof url) < 0)
            continue;
        sb_str(b, sep);
        sb_str(b, "\"");
        sb_str(b, g_assets[i].path);
        sb_str(b, "\":\"");
        sb_str(b, url);
        sb_str(b, "\"");
        sep = ",";
    }
    if (g_pkg_hash[0]) {
        sb_str(b, sep);
        sb_str(b, "\"" HTTP_PKG "/\":\"" HTTP_PKG "@");
        sb_str(b, g_pkg_hash);
        sb_str(b, "/\"");
    }
    sb_str(b, "}}</script>\n");
}

/* An attribute value of index.html: the hashed name when it names a file of
 * the table by a relative or root path, else the value as it is. */
static void attr_value(strbuf *b, const char *v, size_t n)
{
    char path[HTTP_PATH_MAX], url[HTTP_PATH_MAX];
    const asset *a;
    const char *rel = n >= 2 && v[0] == '.' && v[1] == '/' ? v + 2 : v;
    size_t rn = n - (size_t)(rel - v);
    if (rn + 2 > sizeof path || memchr(rel, ':', rn) || memchr(rel, '?', rn) ||
        memchr(rel, '#', rn) || rn == 0) {
        sb_add(b, v, n);
        return;
    }
    snprintf(path, sizeof path, "%s%.*s", rel[0] == '/' ? "" : "/", (int)rn, rel);
    a = find(path);
    if (a && hashed_url(a, url, sizeof url) == 0)
        sb_str(b, url);
    else
        sb_add(b, v, n);
}

/* index.html as served: hashed names in its href="..." and src="..."
 * attributes, and the import map before its first script. */
static void rewrite_index(asset *idx)
{
    strbuf b = {NULL, 0, 0, 0};
    const char *s = (const char *)idx->data, *end = s + idx->len;
    int mapped = 0;
    while (s < end) {
        const char *href = nstrstr(s, (size_t)(end - s), "href=\"", 6);
        const char *src = nstrstr(s, (size_t)(end - s), "src=\"", 5);
        const char *script = mapped ? NULL : nstrstr(s, (size_t)(end - s), "<script", 7);
        const char *at = href && (!src || href < src) ? href : src;
        if (script && (!at || script < at)) {
            sb_add(&b, s, (size_t)(script - s));
            import_map(&b);
            sb_add(&b, script, 7);
            s = script + 7;
            mapped = 1;
            continue;
        }
        if (!at)
            break;
        const char *v = strchr(at, '"') + 1;
        const char *q = memchr(v, '"', (size_t)(end - v));
        if (!q)
            break;
        sb_add(&b, s, (size_t)(v - s));
        attr_value(&b, v, (size_t)(q - v));
        s = q;
    }
    sb_add(&b, s, (size_t)(end - s));
    if (b.failed) {
        free(b.s);
        return;
    }
    free(idx->data);
    idx->data = (unsigned char *)b.s;
    idx->len = b.len;
    hash_hex(idx->data, idx->len, idx->hash);
}

void http_free(void)
{
    for (size_t i = 0; i < g_nassets; i++) {
        free(g_assets[i].path);
        free(g_assets[i].data);
        free(g_assets[i].gz);
    }
    free(g_assets);
    g_assets = NULL;
    g_nassets = 0;
}

int http_load(const char *www, const char *pkg)
{
    http_free();
    scan(www, "", 0);
    if (pkg)
        scan(pkg, HTTP_PKG, 0);
    if (g_nassets)
        qsort(g_assets, g_nassets, sizeof *g_assets, asset_cmp);
    pkg_hash();
    asset *idx = find("/index.html");
    if (idx)
        rewrite_index(idx);
    return (int)g_nassets;
}

/* The gzip of a's data (made once), or NULL when it is no smaller. */
static const asset *gzipped(asset *a)
{
    if (!a->gz_tried) {
        z_stream z;
        a->gz_tried = 1;
        memset(&z, 0, sizeof z);
        if (deflateInit2(&z, HTTP_GZIP_LEVEL, Z_DEFLATED, HTTP_GZIP_WINDOW, HTTP_GZIP_MEMLEVEL,
                         Z_DEFAULT_STRATEGY) != Z_OK)
            return NULL;
        uLong cap = deflateBound(&z, (uLong)a->len);
        a->gz = malloc(cap);
        z.next_in = a->data;
        z.avail_in = (uInt)a->len;
        z.next_out = a->gz;
        z.avail_out = (uInt)cap;
        if (!a->gz || deflate(&z, Z_FINISH) != Z_STREAM_END || z.total_out >= a->len) {
            free(a->gz);
            a->gz = NULL;
        } else {
            a->gzlen = z.total_out;
        }
        deflateEnd(&z);
    }
    return a->gz ? a : NULL;
}

/* The file a request names, and whether by its hashed name. */
static asset *resolve(const char *uri, int *immutable)
{
    char path[HTTP_PATH_MAX];
    size_t n = strlen(uri), pl = strlen(HTTP_PKG);
    *immutable = 0;
    if (n == 0 || n >= sizeof path || uri[0] != '/')
        return NULL;
    if (strcmp(uri, "/") == 0)
        return find("/index.html");
    if (strcmp(uri, HTTP_PKG) == 0 || strcmp(uri, HTTP_PKG "/") == 0)
        return find(HTTP_PKG "/package.json");
    if (strncmp(uri, HTTP_PKG "@", pl + 1) == 0) {
        const char *h = uri + pl + 1;
        if (!g_pkg_hash[0] || strncmp(h, g_pkg_hash, HTTP_HASH_HEX) != 0 || h[HTTP_HASH_HEX] != '/')
            return NULL;
        snprintf(path, sizeof path, "%s%s", HTTP_PKG, h + HTTP_HASH_HEX);
        *immutable = 1;
        return find(path);
    }
    asset *a = find(uri);
    if (a)
        return a;
    /* "/dir/name.<hash>.ext" (or "/dir/name.<hash>"): the file whose hash it is */
    const char *ext = name_ext(uri), *stop = ext ? ext : uri + n;
    if (stop - uri < HTTP_HASH_HEX + 2 || stop[-HTTP_HASH_HEX - 1] != '.')
        return NULL;
    const char *h = stop - HTTP_HASH_HEX;
    snprintf(path, sizeof path, "%.*s%s", (int)(h - 1 - uri), uri, ext ? ext : "");
    a = find(path);
    if (!a || is_pkg(a) || strncmp(a->hash, h, HTTP_HASH_HEX) != 0)
        return NULL;
    *immutable = 1;
    return a;
}

/* 1 when If-None-Match names etag (or is "*"). */
static int not_modified(const char *inm, const char *etag)
{
    return inm && (strstr(inm, etag) != NULL || strcmp(inm, "*") == 0);
}

void http_answer(const http_req *req, http_reply *rep)
{
    int immutable;
    memset(rep, 0, sizeof *rep);
    if (req->method != HTTP_GET && req->method != HTTP_HEAD) {
        rep->status = HTTP_CODE_NOT_ALLOWED;
        return;
    }
    asset *a = req->uri ? resolve(req->uri, &immutable) : NULL;
    if (!a) {
        rep->status = HTTP_CODE_NOT_FOUND;
        return;
    }
    int gz = a->compressible && req->accept_encoding && strstr(req->accept_encoding, "gzip") &&
             gzipped(a);
    snprintf(rep->etag, sizeof rep->etag, "\"%s%s\"", a->hash, gz ? "-gz" : "");
    rep->status = not_modified(req->if_none_match, rep->etag) ? HTTP_CODE_NOT_MODIFIED
                                                              : HTTP_CODE_OK;
    rep->type = a->type;
    rep->cache_control = immutable ? HTTP_IMMUTABLE : HTTP_REVALIDATE;
    rep->vary = a->compressible;
    rep->gzip = gz && rep->status == HTTP_CODE_OK;
    rep->len = rep->status != HTTP_CODE_OK ? 0 : gz ? a->gzlen : a->len;
    rep->body = rep->status != HTTP_CODE_OK ? NULL : gz ? a->gz : a->data;
}
