/* SPDX-License-Identifier: MIT */
/* The protocol codec: one message is a JSON object with a "type".
 * WebSocket: each text message is that object.
 * Line TCP: `TYPE` then either that object (`move {"game":1,"move":"h2e2"}`) or
 * positional words (`move 1 h2e2`) named by the table below (text starting with
 * '{' or '[' is JSON, and must be an object); the server writes
 * `TYPE {object}` lines. UTF-8 is checked by jansson (json_loadb, json_stringn). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "tuning.h"

/* Kinds: i integer, s word, b boolean, r the rest of the line (text). */
typedef struct positional {
    const char *type;
    const char *fields; /* "name:k name:k ..." */
} positional;

static const positional k_positional[] = {
    {"hello", "protocol:i client:r"},
    {"register", "name:s password:s"},
    {"login", "name:s password:s"},
    {"resume", "token:s"},
    {"user", "name:s limit:i before:i"},
    {"seek", "base:i inc:i rules:s rated:b color:s"},
    {"challenge", "to:s base:i inc:i rules:s rated:b color:s"},
    {"engine", "level:i base:i inc:i color:s rules:s"},
    {"accept", "offer:i"},
    {"rematch", "game:i"},
    {"pair", "base:i inc:i rules:s rated:b color:s"},
    {"decline", "offer:i"},
    {"cancel", "offer:i"},
    {"games", "finished:b user:s"},
    {"move", "game:i move:s"},
    {"premove", "game:i move:s"},
    {"resign", "game:i"},
    {"draw", "game:i"},
    {"draw_decline", "game:i"},
    {"takeback", "game:i"},
    {"takeback_decline", "game:i"},
    {"abort", "game:i"},
    {"watch", "game:i"},
    {"unwatch", "game:i"},
    {"state", "game:i"},
    {"pgn", "game:i annotated:b"},
    {"analyse", "game:i"},
    {"explore", "fen:r"},
    {"say", "to:s text:r"},
};

json_t *msg_new(const char *type) { return json_pack("{ss}", "type", type); }

static const char *find_fields(const char *type)
{
    for (size_t i = 0; i < sizeof k_positional / sizeof k_positional[0]; i++)
        if (strcmp(k_positional[i].type, type) == 0)
            return k_positional[i].fields;
    return "";
}

static int is_space(char ch) { return ch == ' ' || ch == '\t'; }

static json_t *word_value(char kind, const char *w, size_t n)
{
    if (kind == 'i') {
        char buf[32];
        if (n > 0 && n < sizeof buf) {
            memcpy(buf, w, n);
            buf[n] = 0;
            char *end;
            long long v = strtoll(buf, &end, 10);
            if (*end == 0 && (buf[0] == '-' || (buf[0] >= '0' && buf[0] <= '9')))
                return json_integer(v);
        }
    } else if (kind == 'b') {
        if (n == 4 && memcmp(w, "true", 4) == 0)
            return json_true();
        if (n == 5 && memcmp(w, "false", 5) == 0)
            return json_false();
    }
    /* a string (a bad int/bool stays a string: the handler names the bad field) */
    return json_stringn(w, n); /* NULL when not UTF-8 */
}

static int utf8_valid(const char *s, size_t n)
{
    json_t *j = json_stringn(s, n);
    json_decref(j);
    return j != NULL;
}

static json_t *decode_line(const char *text, size_t len, int (*known_fn)(const char *),
                           const char **code, char *why, size_t whycap)
{
    size_t i = 0;
    while (i < len && is_space(text[i]))
        i++;
    size_t t0 = i;
    while (i < len && !is_space(text[i]))
        i++;
    size_t tlen = i - t0;
    if (tlen == 0) {
        *code = "bad_message";
        snprintf(why, whycap, "empty line");
        return NULL;
    }
    if (tlen > 32) {
        *code = "unknown_command";
        snprintf(why, whycap, "no such command");
        return NULL;
    }
    char type[40];
    memcpy(type, text + t0, tlen);
    type[tlen] = 0;
    int known = known_fn(type);
    while (i < len && is_space(text[i]))
        i++;
    /* an unknown command with a JSON object is decoded (the reply keeps its "id");
     * with words it is answered at once */
    if (!known && !(i < len && text[i] == '{' && utf8_valid(type, tlen))) {
        *code = "unknown_command";
        snprintf(why, whycap, "no such command: '%.32s'", type);
        return NULL;
    }
    if (i < len && (text[i] == '{' || text[i] == '[')) {
        json_error_t je;
        json_t *o = json_loadb(text + i, len - i, JSON_REJECT_DUPLICATES, &je);
        if (!o) {
            *code = json_error_code(&je) == json_error_invalid_utf8 ? "bad_utf8" : "bad_json";
            snprintf(why, whycap, "%s", je.text);
            return NULL;
        }
        if (!json_is_object(o)) {
            *code = "bad_message";
            snprintf(why, whycap, "the fields are a JSON object or words, not a JSON %s",
                     json_is_array(o) ? "array" : "value");
            json_decref(o);
            return NULL;
        }
        json_object_set_new(o, "type", json_string(type));
        return o;
    }
    json_t *o = msg_new(type);
    const char *f = find_fields(type);
    while (i < len && *f) {
        const char *colon = strchr(f, ':');
        char name[24];
        size_t nl = (size_t)(colon - f);
        memcpy(name, f, nl);
        name[nl] = 0;
        char kind = colon[1];
        f = colon + 2;
        while (*f == ' ')
            f++;
        size_t w0 = i, wn;
        if (kind == 'r') {
            wn = len - i;
            while (wn > 0 && is_space(text[w0 + wn - 1]))
                wn--;
            i = len;
        } else {
            while (i < len && !is_space(text[i]))
                i++;
            wn = i - w0;
            while (i < len && is_space(text[i]))
                i++;
        }
        json_t *v = word_value(kind, text + w0, wn);
        if (!v) {
            json_decref(o);
            *code = "bad_utf8";
            snprintf(why, whycap, "field '%s' is not valid UTF-8", name);
            return NULL;
        }
        json_object_set_new(o, name, v);
    }
    if (i < len) {
        json_t *rest = json_stringn(text + i, len - i);
        json_decref(o);
        *code = rest ? "bad_message" : "bad_utf8";
        snprintf(why, whycap, rest ? "too many words for '%s'" : "not valid UTF-8", type);
        json_decref(rest);
        return NULL;
    }
    return o;
}

json_t *codec_decode(int transport, const char *text, size_t len, int (*known)(const char *type),
                     const char **code, char *why, size_t whycap)
{
    if (transport == T_LINE)
        return decode_line(text, len, known, code, why, whycap);
    json_error_t je;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!o) {
        *code = json_error_code(&je) == json_error_invalid_utf8 ? "bad_utf8" : "bad_json";
        snprintf(why, whycap, "%s", je.text);
        return NULL;
    }
    if (!json_is_object(o) || !json_is_string(json_object_get(o, "type"))) {
        json_decref(o);
        *code = "bad_message";
        snprintf(why, whycap, "a message is an object with a string \"type\"");
        return NULL;
    }
    return o;
}

unsigned char *codec_encode(int transport, const json_t *msg, size_t pre, size_t *len)
{
    char *js = json_dumps(msg, JSON_COMPACT);
    if (!js)
        return NULL;
    size_t jl = strlen(js);
    const char *type = json_string_value(json_object_get(msg, "type"));
    size_t tl = (transport == T_LINE && type) ? strlen(type) + 1 : 0;
    size_t total = tl + jl + (transport == T_LINE);
    unsigned char *buf = malloc(pre + total + 1);
    if (!buf) {
        free(js);
        return NULL;
    }
    unsigned char *p = buf + pre;
    if (tl) {
        memcpy(p, type, tl - 1);
        p[tl - 1] = ' ';
    }
    memcpy(p + tl, js, jl);
    if (transport == T_LINE)
        p[tl + jl] = '\n';
    p[total] = 0;
    free(js);
    *len = total;
    return buf;
}
