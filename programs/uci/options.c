/* SPDX-License-Identifier: MIT */
/* xq-uci: the engine's options. One table for UCI and one for UCCI (most UCCI
 * names are another name of a UCI option), each entry with its type, default,
 * bounds or values and the handler that applies it, as Pikafish's
 * ucioption.cpp keeps them: `uci` and `ucci` list them, `setoption` finds,
 * checks and sets them. See docs/engine.md. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "go.h"
#include "uci.h"

/* OwnBook and BookFile: open the book file while the book is on. */
static void update_book(engine *e)
{
    xq_search_set_book(e->search, NULL);
    xq_book_free(e->book);
    e->book = NULL;
    if (!e->own_book)
        return;
    xq_parse_error err;
    if (xq_book_open(&e->book, e->book_file, &err) != XQ_OK)
        say("info string error: OwnBook: %s", err.message);
    else
        xq_search_set_book(e->search, e->book);
}

/* EGTBPath: open the endgame tables of a directory (empty: none). */
static void update_egtb(engine *e)
{
    xq_search_set_tablebase(e->search, NULL);
    xq_egtb_free(e->egtb);
    e->egtb = NULL;
    if (!e->egtb_path[0])
        return;
    xq_parse_error err;
    if (xq_egtb_open(&e->egtb, e->egtb_path, &err) != XQ_OK)
        say("info string error: EGTBPath: %s", err.message);
    else
        xq_search_set_tablebase(e->search, e->egtb);
}

/* Case-insensitive compare of a multi-word option name. */
static int name_is(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return !*a && !*b;
}

enum { OPT_SPIN, OPT_CHECK, OPT_BUTTON, OPT_COMBO, OPT_STRING, OPT_ACCEPTED };

/* An option. OPT_ACCEPTED options are taken and ignored, and not listed. */
typedef struct uci_option {
    const char *name;
    int type;                 /* OPT_* */
    long long def, min, max;  /* spin: the default and the bounds; check: the default */
    const char *const *vars;  /* combo: the values (vars[def] the default), NULL-terminated */
    /* string: the value listed as the default (the current one); NULL: "<empty>";
     * combo: the default when it depends on the library (NULL: vars[def]) */
    const char *(*text)(const engine *e);
    /* Sets the option: n is the number (spin), 0 or 1 (check), the index of the
     * value in vars or -1 (combo); value is the text as given. NULL: accepted. */
    void (*set)(engine *e, const struct uci_option *o, const char *value, long long n);
    const char *same_as;      /* a UCCI name: the UCI option it sets (its type and bounds) */
} uci_option;

static void set_threads(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    int rc = xq_search_set_threads(e->search, (int)v);
    if (rc == XQ_OK)
        e->threads = (int)v;
    else
        say("info string error: Threads %lld: %s", v, xq_strerror(rc));
}

static void set_hash(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    int rc = xq_search_set_hash(e->search, (size_t)v);
    if (rc == XQ_OK)
        e->hash = (size_t)v;
    else
        say("info string error: Hash %lld: %s", v, xq_strerror(rc));
}

static void clear_hash(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value, (void)v;
    xq_search_clear(e->search);
}

/* UCCI newgame: Clear Hash, and the next game's book line differs. */
static void new_game(engine *e, const uci_option *o, const char *value, long long v)
{
    clear_hash(e, o, value, v);
    e->games++;
}

static void set_multipv(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    e->multipv = (int)v;
}

static void set_skill(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    e->skill = (int)v;
}

static void set_seed(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    e->seed = (uint64_t)v;
}

static void set_overhead(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)value;
    e->overhead = (int)v;
}

/* "info string error: NAME must be A, B or C" of a combo. */
static void combo_error(const uci_option *o)
{
    char list[128] = "";
    for (int k = 0; o->vars[k]; k++) {
        size_t len = strlen(list);
        const char *sep = k == 0 ? "" : o->vars[k + 1] ? ", " : " or ";
        snprintf(list + len, sizeof list - len, "%s%s", sep, o->vars[k]);
    }
    say("info string error: %s must be %s", o->name, list);
}

/* How repetitions and the move limit are judged inside the search. */
static void set_rules(engine *e, const uci_option *o, const char *value, long long k)
{
    (void)value;
    static const int sets[] = {XQ_RULES_AXF, XQ_RULES_CXA, XQ_RULES_SIMPLE};
    xq_rules rules;
    if (k < 0)
        combo_error(o);
    else if (xq_rules_init(&rules, XQ_RULES_VERSION, sets[k]) != XQ_OK ||
             xq_search_set_rules(e->search, &rules) != XQ_OK)
        say("info string error: cannot set the rules now");
}

static void set_own_book(engine *e, const uci_option *o, const char *value, long long on)
{
    (void)o, (void)value;
    e->own_book = (int)on;
    update_book(e);
}

static const char *book_file(const engine *e)
{
    return e->book_file[0] ? e->book_file : "<empty>";
}

static void set_book_file(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)v;
    snprintf(e->book_file, sizeof e->book_file, "%s", strcmp(value, "<empty>") ? value : "");
    update_book(e);
}

static void set_egtb_path(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)v;
    snprintf(e->egtb_path, sizeof e->egtb_path, "%s", strcmp(value, "<empty>") ? value : "");
    update_egtb(e);
}

/* Fairy-Stockfish and the GUIs made for it number the ranks 1-10 ("1" and
 * "0" are taken too). */
static void set_ranks(engine *e, const uci_option *o, const char *value, long long k)
{
    if (k < 0 && (!strcmp(value, "0") || !strcmp(value, "1")))
        k = value[0] == '1';
    if (k < 0)
        combo_error(o);
    else
        e->ranks1 = (int)k;
}

static void set_variant(engine *e, const uci_option *o, const char *value, long long k)
{
    (void)e, (void)o, (void)value;
    if (k < 0)
        say("info string error: only the xiangqi variant is supported");
}

static void set_millisec(engine *e, const uci_option *o, const char *value, long long on)
{
    (void)o, (void)value;
    e->ucci_millisec = (int)on;
}

/* Eval: the hand-written evaluation or the net (EvalFile's, or the built-in one). */
static void set_eval(engine *e, const uci_option *o, const char *value, long long k)
{
    (void)value;
    if (k < 0) {
        combo_error(o);
        return;
    }
    int rc = xq_search_set_eval(e->search, k ? XQ_EVAL_NNUE : XQ_EVAL_CLASSICAL);
    if (rc == XQ_ENOTFOUND)
        say("info string error: Eval nnue: no net (this library has none built in: set EvalFile)");
    else if (rc != XQ_OK)
        say("info string error: Eval: %s", xq_strerror(rc));
}

/* Eval's default: nnue when the library has a net built in. */
static const char *eval_default(const engine *e)
{
    return e->default_eval == XQ_EVAL_NNUE ? "nnue" : "classical";
}

static const char *eval_file(const engine *e)
{
    return e->eval_file[0] ? e->eval_file : "<built-in>";
}

/* EvalFile: load a net file and evaluate with it; "<built-in>" (or empty):
 * forget the loaded net. A file that cannot be loaded leaves everything as
 * it was. */
static void set_eval_file(engine *e, const uci_option *o, const char *value, long long v)
{
    (void)o, (void)v;
    if (!value[0] || !strcmp(value, "<built-in>") || !strcmp(value, "<empty>")) {
        xq_search_load_net(e->search, NULL, NULL);
        e->eval_file[0] = 0;
        return;
    }
    xq_parse_error err;
    if (xq_search_load_net(e->search, value, &err) != XQ_OK) {
        say("info string error: EvalFile: %s", err.message);
        return;
    }
    snprintf(e->eval_file, sizeof e->eval_file, "%s", value);
    char info[320];
    if (xq_search_net_info(e->search, info, sizeof info) > 0)
        say("info string net %s", info);
}

static const char *const eval_vars[] = {"classical", "nnue", NULL};
static const char *const rules_vars[] = {"AXF", "CXA", "Simple", NULL};
static const char *const ranks_vars[] = {"0-9", "1-10", NULL};
static const char *const variant_vars[] = {"xiangqi", NULL};

/* The UCI options, in the order uci lists them. */
static const uci_option uci_options[] = {
    {"Threads", OPT_SPIN, 1, 1, XQ_SEARCH_MAX_THREADS, .set = set_threads},
    {"Hash", OPT_SPIN, 16, 1, XQ_SEARCH_MAX_HASH_MB, .set = set_hash},
    {"Clear Hash", .type = OPT_BUTTON, .set = clear_hash},
    {"MultiPV", OPT_SPIN, 1, 1, XQ_MAX_MOVES, .set = set_multipv},
    {"Skill Level", OPT_SPIN, XQ_SKILL_MAX, 0, XQ_SKILL_MAX, .set = set_skill},
    {"Skill Seed", OPT_SPIN, 0, 0, 2147483647, .set = set_seed},
    {"Move Overhead", OPT_SPIN, 10, 0, 5000, .set = set_overhead},
    {"Ponder", .type = OPT_CHECK}, /* the GUI's business: go ponder, ponderhit */
    {"Rules", .type = OPT_COMBO, .vars = rules_vars, .set = set_rules},
    {"OwnBook", .type = OPT_CHECK, .set = set_own_book},
    {"BookFile", .type = OPT_STRING, .text = book_file, .set = set_book_file},
    {"EGTBPath", .type = OPT_STRING, .set = set_egtb_path},
    {"Eval", .type = OPT_COMBO, .vars = eval_vars, .text = eval_default, .set = set_eval},
    {"EvalFile", .type = OPT_STRING, .text = eval_file, .set = set_eval_file},
    {"Ranks", .type = OPT_COMBO, .vars = ranks_vars, .set = set_ranks},
    {"UCI_Variant", .type = OPT_COMBO, .vars = variant_vars, .set = set_variant},
    {"UCI_AnalyseMode", .type = OPT_ACCEPTED},
};

/* The UCCI options, in the order ucci lists them; most are a UCI option's
 * other name. The standard UCCI options the engine has no use for are taken
 * and ignored. */
static const uci_option ucci_options[] = {
    {"usemillisec", .type = OPT_CHECK, .set = set_millisec},
    {"hashsize", .same_as = "Hash"},
    {"threads", .same_as = "Threads"},
    {"newgame", .type = OPT_BUTTON, .set = new_game},
    {"usebook", .same_as = "OwnBook"},
    {"bookfiles", .same_as = "BookFile"},
    {"ranks", .same_as = "Ranks"},
    {"batch", .type = OPT_ACCEPTED}, {"debug", .type = OPT_ACCEPTED},
    {"usehash", .type = OPT_ACCEPTED}, {"useegtb", .type = OPT_ACCEPTED},
    {"egtbpaths", .type = OPT_ACCEPTED}, {"evalapi", .type = OPT_ACCEPTED},
    {"idle", .type = OPT_ACCEPTED}, {"promotion", .type = OPT_ACCEPTED},
    {"pruning", .type = OPT_ACCEPTED}, {"knowledge", .type = OPT_ACCEPTED},
    {"randomness", .type = OPT_ACCEPTED}, {"style", .type = OPT_ACCEPTED},
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

/* The option named (case-insensitively, UCI names first) or NULL; *as is
 * the option whose type and handler apply (the UCI option of a UCCI name). */
static const uci_option *find_option(const char *name, const uci_option **as)
{
    const uci_option *o = NULL;
    for (size_t k = 0; !o && k < COUNT(uci_options); k++)
        if (name_is(name, uci_options[k].name))
            o = &uci_options[k];
    for (size_t k = 0; !o && k < COUNT(ucci_options); k++)
        if (name_is(name, ucci_options[k].name))
            o = &ucci_options[k];
    *as = o;
    if (o && o->same_as)
        find_option(o->same_as, as);
    return o;
}

/* One "option ..." line of uci (UCI: "option name N type ...") or ucci. */
static void list_option(const engine *e, const uci_option *o, int ucci)
{
    const uci_option *as;
    find_option(o->name, &as);
    char line[512];
    int n = snprintf(line, sizeof line, "option %s%s type ", ucci ? "" : "name ", o->name);
    size_t cap = sizeof line - (size_t)n;
    switch (as->type) {
    case OPT_SPIN:
        if (ucci)
            snprintf(line + n, cap, "spin min %lld max %lld default %lld", as->min, as->max,
                     as->def);
        else
            snprintf(line + n, cap, "spin default %lld min %lld max %lld", as->def, as->min,
                     as->max);
        break;
    case OPT_CHECK:
        snprintf(line + n, cap, "check default %s", as->def ? "true" : "false");
        break;
    case OPT_BUTTON:
        snprintf(line + n, cap, "button");
        break;
    case OPT_STRING:
        snprintf(line + n, cap, "string default %s", as->text ? as->text(e) : "<empty>");
        break;
    case OPT_COMBO:
        n += snprintf(line + n, cap, "combo default %s", as->text ? as->text(e) : as->vars[as->def]);
        for (int k = 0; as->vars[k] && (size_t)n < sizeof line; k++)
            n += snprintf(line + n, sizeof line - (size_t)n, " var %s", as->vars[k]);
        break;
    default:
        return; /* OPT_ACCEPTED: not listed */
    }
    say("%s", line);
}

/* One "option ..." line per option of the list: uci's (UCI) or ucci's. */
void list_options(const engine *e, int ucci)
{
    const uci_option *list = ucci ? ucci_options : uci_options;
    const size_t count = ucci ? COUNT(ucci_options) : COUNT(uci_options);
    for (size_t k = 0; k < count; k++)
        list_option(e, &list[k], ucci);
}

/* The name and value of setoption: UCI "setoption name N... [value V...]",
 * UCCI "setoption N [V]". 0, or -1 after the error. */
static int option_words(const tokens *t, char *name, char *value)
{
    int ok;
    if (t->n >= 2 && strcmp(t->v[1], "name") == 0) {
        int v = 2;
        while (v < t->n && strcmp(t->v[v], "value") != 0)
            v++;
        ok = join_words(t, 2, v, name, MAX_OPTION_TEXT) == 0 &&
             join_words(t, v < t->n ? v + 1 : v, t->n, value, MAX_OPTION_TEXT) == 0;
    } else if (t->n >= 2) {
        ok = join_words(t, 1, 2, name, MAX_OPTION_TEXT) == 0 &&
             join_words(t, 2, t->n >= 3 ? 3 : 2, value, MAX_OPTION_TEXT) == 0;
    } else {
        say("info string error: setoption needs a name");
        return -1;
    }
    if (!ok) {
        say("info string error: option name or value longer than %d bytes; ignored",
            MAX_OPTION_TEXT - 1);
        return -1;
    }
    return 0;
}

void set_option(engine *e, const tokens *t)
{
    char name[MAX_OPTION_TEXT], value[MAX_OPTION_TEXT];
    if (option_words(t, name, value) != 0)
        return;
    const uci_option *as, *o = find_option(name, &as);
    if (!o) {
        say("info string error: unknown option '%s'", name);
        return;
    }
    long long n = 0;
    if (as->type == OPT_SPIN && !go_parse_number(value, as->min, as->max, &n)) {
        say("info string error: %s must be %lld..%lld", as->name, as->min, as->max);
        return;
    }
    if (as->type == OPT_CHECK)
        n = name_is(value, "true") || name_is(value, "on");
    if (as->type == OPT_COMBO)
        for (n = 0; as->vars[n] && !name_is(value, as->vars[n]); n++)
            ;
    if (as->type == OPT_COMBO && !as->vars[n])
        n = -1;
    if (as->set)
        as->set(e, as, value, n);
}

