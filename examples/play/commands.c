/* SPDX-License-Identifier: MIT */
/* xiangqi, the terminal player: the commands typed during a game (move,
 * undo, new, level, save, load, hint, flip, ...). Each has a handler and a
 * line in the table `commands`, which 'help' prints; a line that is no
 * command is read as a move. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "game.h"

/* ---- commands ---- */

/* Legal moves grouped by piece, in board order; only_from >= 0 keeps one
 * square, only_type > 0 the pieces of one type. */
static void list_moves(game_t *g, int only_from, int only_type)
{
    xq_move moves[XQ_MAX_MOVES];
    int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES);
    int shown = 0;
    for (int s = 0; s < XQ_SQUARE_NB; s++) {
        if (only_from >= 0 && s != only_from)
            continue;
        int pc = xq_board_piece_at(game_board(g), s);
        if (only_type > 0 && (pc <= 0 || xq_piece_type_of(pc) != only_type))
            continue;
        char line[LINE_MAX_LEN];
        int len = 0, count = 0;
        for (int i = 0; i < n; i++) {
            if (xq_move_from(moves[i]) != s)
                continue;
            char text[XQ_MOVE_TEXT_MAX];
            move_text(g, game_board(g), moves[i], text, sizeof text);
            len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
            if ((size_t)len >= sizeof line)
                len = (int)sizeof line - 1;
            count++;
        }
        if (!count)
            continue;
        say("  %c %c%d:%s", xq_piece_char(pc), 'a' + xq_square_file(s), xq_square_rank(s), line);
        shown += count;
    }
    if (only_from < 0 && only_type <= 0)
        say("%d legal moves.", shown);
}

static void cmd_history(game_t *g, const char *arg)
{
    (void)arg;
    int n = xq_board_history_size(game_board(g));
    char start[XQ_FEN_MAX];
    xq_board *replay;
    if (xq_record_start_fen(g->rec, start, sizeof start) < 0 ||
        xq_board_new(&replay, start, NULL) != XQ_OK)
        return;
    char line[LINE_MAX_LEN] = "";
    int len = 0;
    for (int i = 0; i < n; i++) {
        xq_move m;
        char text[XQ_MOVE_TEXT_MAX];
        xq_board_history_move(game_board(g), i, &m, NULL);
        move_text(g, replay, m, text, sizeof text);
        int ply = xq_board_ply(replay);
        if (ply % 2 == 0 || i == 0)
            len += snprintf(line + len, sizeof line - (size_t)len, "%s%d.%s", len ? " " : "",
                            ply / 2 + 1, ply % 2 ? " ..." : "");
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", text);
        if ((size_t)len >= sizeof line - 80 || i == n - 1) {
            say("%s", line);
            len = 0;
            line[0] = 0;
        }
        xq_board_make_move(replay, m);
    }
    if (n == 0)
        say("No moves yet.");
    xq_board_free(replay);
}


static void cmd_new(game_t *g, const char *fen)
{
    xq_parse_error err;
    int rc = xq_record_reset(g->rec, *fen ? fen : NULL, &err);
    if (rc != XQ_OK) {
        say("Bad FEN (%s at offset %d): %s", xq_strerror(rc), err.offset, err.message);
        return;
    }
    reset_game(g);
    /* Another game, other choices at the weaker levels (from the book too). */
    g->eng.seed = g->eng.seed * 6364136223846793005ull + 1442695040888963407ull;
    say("New game.");
    show(g);
}


/* The player tag of a side for the first `plies` plies: who played its
 * moves, with every engine level used ("libxiangqi 0.2.0 (levels 3, 20)",
 * "Human and libxiangqi 0.2.0 (level 5)"); with no move of its own yet,
 * who plays it now. */
static void player_name(const game_t *g, int side, int plies, char *buf, size_t cap)
{
    unsigned long levels = 0;
    int human = 0, nlevels = 0;
    const int first = xq_board_side_to_move(xq_record_board(g->rec)) ^ (xq_record_ply(g->rec) & 1);
    for (int p = 0; p < plies && (size_t)p < g->mover_cap; p++) {
        if ((first ^ (p & 1)) != side)
            continue;
        if (g->mover[p] == MOVER_HUMAN)
            human = 1;
        else if (g->mover[p] >= 0 && !(levels & 1ul << g->mover[p]))
            levels |= 1ul << g->mover[p], nlevels++;
    }
    if (!human && !levels) {
        if (g->player[side] == ENGINE)
            levels = 1ul << g->eng.level, nlevels = 1;
        else
            human = 1;
    }
    size_t n = (size_t)snprintf(buf, cap, "%s", human ? "Human" : "");
    if (levels && n < cap) {
        n += (size_t)snprintf(buf + n, cap - n, "%slibxiangqi %s (level%s", human ? " and " : "",
                              xq_version_string(), nlevels > 1 ? "s" : "");
        for (int l = 0, k = 0; l <= XQ_SKILL_MAX && n < cap; l++)
            if (levels & 1ul << l)
                n += (size_t)snprintf(buf + n, cap - n, "%s %d", k++ ? "," : "", l);
        if (n < cap)
            snprintf(buf + n, cap - n, ")");
    }
}

/* Sets a tag unless the record has it already (a loaded game keeps its own). */
static int default_tag(xq_record *rec, const char *name, const char *value)
{
    return xq_record_tag(rec, name, NULL, 0) > 0 ? XQ_OK : xq_record_set_tag(rec, name, value);
}

static void cmd_save(game_t *g, const char *path)
{
    if (!*path) {
        say("Usage: save FILE");
        return;
    }
    /* The game up to the position shown: moves taken back are not saved. */
    xq_record *rec;
    int rc = xq_record_clone(&rec, g->rec);
    if (rc != XQ_OK) {
        say("Cannot save: %s.", xq_strerror(rc));
        return;
    }
    if (xq_record_truncate(rec) < 0)
        rc = XQ_EINVAL;
    int n = xq_record_ply(rec);
    char date[16] = "????.??.??", red[128], black[128];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    player_name(g, XQ_RED, n, red, sizeof red);
    player_name(g, XQ_BLACK, n, black, sizeof black);
    int result;
    char why[WHY_MAX];
    const char *res = "*";
    if (game_over(g, &result, why, sizeof why))
        res = result == XQ_RESULT_RED_WINS ? "1-0" : result == XQ_RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
    if (rc == XQ_OK)
        rc = default_tag(rec, "Event", "Casual game");
    if (rc == XQ_OK)
        rc = default_tag(rec, "Site", "xiangqi (libxiangqi)");
    if (rc == XQ_OK)
        rc = default_tag(rec, "Date", date);
    if (rc == XQ_OK)
        rc = default_tag(rec, "Red", red);
    if (rc == XQ_OK)
        rc = default_tag(rec, "Black", black);
    if (rc == XQ_OK)
        rc = xq_record_set_tag(rec, "Result", res);
    if (rc == XQ_OK && *why)
        rc = xq_record_set_tag(rec, "Termination", why);
    xq_parse_error perr;
    if (rc == XQ_OK) {
        xq_pgn_options o;
        xq_pgn_options_init(&o, XQ_PGN_OPTIONS_VERSION);
        o.notation = g->eng.notation;
        rc = xq_record_save_pgn(rec, path, 0, &o, &perr);
    }
    if (rc == XQ_OK)
        say("Saved %d plies to %s.", n, path);
    else if (rc == XQ_EIO)
        say("%s.", perr.message);
    else
        say("Cannot save: %s.", xq_strerror(rc));
    xq_record_free(rec);
}

/* Take back a move; against one engine, back to the human's turn. */
static void cmd_undo(game_t *g, const char *arg)
{
    (void)arg;
    if (g->resigned) {
        g->resigned = 0;
        g->announced = 0;
        say("Resignation taken back.");
        show(g);
        return;
    }
    /* Against the engine: also take back its reply, so it is your turn again
     * (its first move of a game stays: 'new' starts again). */
    int size = xq_board_history_size(game_board(g)), undone = 1;
    int vs_engine = g->player[XQ_RED] != g->player[XQ_BLACK];
    if (vs_engine && g->player[!xq_board_side_to_move(game_board(g))] == ENGINE)
        undone = 2;
    if (size < undone) {
        say("Nothing to undo.");
        return;
    }
    for (int i = 0; i < undone; i++)
        xq_record_undo(g->rec); /* the move stays after the cursor for redo */
    if (g->player[XQ_RED] == ENGINE && g->player[XQ_BLACK] == ENGINE)
        g->paused = 1; /* watching: stay here until 'go' */
    g->announced = 0;
    say("Took back %d move%s.", undone, undone == 1 ? "" : "s");
    show(g);
}

static void cmd_redo(game_t *g, const char *arg)
{
    (void)arg;
    if (g->resigned || xq_record_redo(g->rec) != XQ_OK) {
        say("Nothing to redo.");
        return;
    }
    g->announced = 0;
    /* Against the engine: replay its reply too. */
    if (g->player[XQ_RED] != g->player[XQ_BLACK] &&
        g->player[xq_board_side_to_move(game_board(g))] == ENGINE && !is_over(g))
        xq_record_redo(g->rec);
    show(g);
}

static void cmd_hint(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is over: no hint.");
        return;
    }
    xq_book_entry be;
    if (book_best(g, &be)) {
        char text[XQ_MOVE_TEXT_MAX], info[160];
        move_text(g, game_board(g), be.move, text, sizeof text);
        book_entry_text(&be, info, sizeof info);
        say("Hint: %s   (the book's best move; %s; 'book' lists them all)", text, info);
        return;
    }
    xq_move ban[XQ_MAX_MOVES];
    if (egtb_hint(g, ban, banned_moves(g, ban)) == 1)
        return;
    xq_search_result r;
    int how = search(g, 1, &r);
    if (how == THINK_QUIT) {
        g->quit = 1;
        return;
    }
    if (how == THINK_PAUSE || r.best_move == XQ_MOVE_NONE) {
        say("No hint.");
        return;
    }
    char text[XQ_MOVE_TEXT_MAX], info[640];
    move_text(g, game_board(g), r.best_move, text, sizeof text);
    result_summary(g, &r, info, sizeof info);
    say("Hint: %s   (%s)", text, info);
}

/* The piece type a WXF or Chinese move text names, or 0. */
static int named_type(const char *text)
{
    static const struct {
        const char *s;
        int type;
    } names[] = {
        {"车", XQ_CHARIOT}, {"車", XQ_CHARIOT}, {"俥", XQ_CHARIOT}, {"马", XQ_HORSE},
        {"馬", XQ_HORSE},   {"傌", XQ_HORSE},   {"相", XQ_ELEPHANT}, {"象", XQ_ELEPHANT},
        {"仕", XQ_ADVISOR}, {"士", XQ_ADVISOR}, {"帅", XQ_KING},     {"帥", XQ_KING},
        {"将", XQ_KING},    {"將", XQ_KING},    {"炮", XQ_CANNON},   {"砲", XQ_CANNON},
        {"包", XQ_CANNON},  {"兵", XQ_SOLDIER},    {"卒", XQ_SOLDIER},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strstr(text, names[i].s))
            return names[i].type;
    for (const char *p = text; *p; p++) {
        switch (toupper((unsigned char)*p)) {
        case 'R': return XQ_CHARIOT;
        case 'N': case 'H': return XQ_HORSE;
        case 'B': case 'E': return XQ_ELEPHANT;
        case 'A': return XQ_ADVISOR;
        case 'K': case 'G': return XQ_KING;
        case 'C': return XQ_CANNON;
        case 'P': return XQ_SOLDIER;
        default: break;
        }
    }
    return 0;
}

static const char *type_name(int type)
{
    static const char *const names[8] = {"",        "general", "advisors", "elephants",
                                         "horses",  "chariots", "cannons", "soldiers"};
    return type >= 1 && type <= 7 ? names[type] : "pieces";
}

/* A line that is not a command: a move. */
static void try_move(game_t *g, const char *text)
{
    int result;
    char why[WHY_MAX];
    if (game_over(g, &result, why, sizeof why)) {
        say("The game is over (%s). Type 'undo', 'new' or 'quit'.", result_text(result));
        return;
    }
    int us = xq_board_side_to_move(game_board(g));
    if (g->player[us] == ENGINE && !g->paused) {
        say("It is the engine's move.");
        return;
    }
    xq_move m;
    xq_parse_error err;
    int rc = xq_board_move_from_text(game_board(g), text, XQ_NOTATION_AUTO, 0, &m, &err);
    if (rc == XQ_OK) {
        play(g, m, MOVER_HUMAN);
        if (g->player[!us] == ENGINE)
            g->paused = 0; /* your move: the engine answers */
        show(g);
        return;
    }
    int notation = xq_notation_detect(text);
    if (notation < 0) {
        say("'%s' is neither a command nor a move. Type 'help' for the commands.", text);
        return;
    }
    if (notation == XQ_NOTATION_ICCS && xq_move_parse(text, &m) == XQ_OK) {
        int from = xq_move_from(m), pc = xq_board_piece_at(game_board(g), from);
        if (pc <= 0) {
            say("Illegal move %s: there is no piece on %c%d.", text, 'a' + xq_square_file(from),
                xq_square_rank(from));
        } else if (xq_piece_color_of(pc) != us) {
            say("Illegal move %s: the piece on %c%d is %s's; %s is to move.", text,
                'a' + xq_square_file(from), xq_square_rank(from), side_name[!us], side_name[us]);
        } else {
            xq_move moves[XQ_MAX_MOVES];
            int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES), any = 0;
            for (int i = 0; i < n; i++)
                any |= xq_move_from(moves[i]) == from;
            if (any) {
                say("Illegal move %s. That piece can play:", text);
                list_moves(g, from, 0);
            } else {
                say("Illegal move %s: that piece has no legal move.", text);
            }
        }
        return;
    }
    const char *what = rc == XQ_EAMBIGUOUS ? "Ambiguous move"
                       : rc == XQ_EILLEGAL ? "Illegal move"
                                           : "Not a move";
    say("%s %s: %s.", what, text, err.message);
    int type = named_type(text);
    if (type > 0 && rc != XQ_EPARSE) {
        xq_move moves[XQ_MAX_MOVES];
        int n = xq_board_generate_moves(game_board(g), moves, XQ_MAX_MOVES), any = 0;
        for (int i = 0; i < n; i++) {
            int pc = xq_board_piece_at(game_board(g), xq_move_from(moves[i]));
            any |= xq_piece_type_of(pc) == type;
        }
        if (any) {
            say("%s's %s can play:", side_name[us], type_name(type));
            list_moves(g, -1, type);
        } else {
            say("%s's %s have no legal move.", side_name[us], type_name(type));
        }
    } else {
        say("Type 'moves' for the legal moves.");
    }
}

static void set_engine(game_t *g, const char *side)
{
    if (!strcmp(side, "red")) {
        g->player[XQ_RED] = ENGINE;
        g->player[XQ_BLACK] = HUMAN;
    } else if (!strcmp(side, "black")) {
        g->player[XQ_RED] = HUMAN;
        g->player[XQ_BLACK] = ENGINE;
    } else if (!strcmp(side, "both")) {
        g->player[XQ_RED] = g->player[XQ_BLACK] = ENGINE;
    } else if (!strcmp(side, "none")) {
        g->player[XQ_RED] = g->player[XQ_BLACK] = HUMAN;
    } else {
        say("engine wants red, black, both or none.");
        return;
    }
    g->paused = 0;
    say("The engine plays %s.", !strcmp(side, "none") ? "no side" : side);
}

/* ---- the commands: one handler each, listed in the table below ---- */

static void cmd_help(game_t *g, const char *arg);

static void cmd_quit(game_t *g, const char *arg)
{
    (void)arg;
    g->quit = 1;
}

static void cmd_load(game_t *g, const char *arg)
{
    if (load_game(g, arg) == XQ_OK)
        show(g);
}

static void cmd_go(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is over.");
        return;
    }
    g->paused = 0;
    if (g->player[xq_board_side_to_move(game_board(g))] == HUMAN ||
        (g->max_plies > 0 && xq_board_history_size(game_board(g)) >= g->max_plies))
        engine_play(g); /* one move for the side to move */
}

static void cmd_pause(game_t *g, const char *arg)
{
    (void)arg;
    g->paused = 1;
    say("Paused: the engine does not move until 'go'.");
}

static void cmd_engine(game_t *g, const char *arg)
{
    set_engine(g, arg);
}

static void cmd_level(game_t *g, const char *arg)
{
    long long v;
    if (!*arg) {
        describe_level(g->eng.level);
    } else if (parse_int(arg, 0, XQ_SKILL_MAX, &v)) {
        g->eng.level = (int)v;
        describe_level(g->eng.level);
    } else {
        say("level wants a number from 0 to %d.", XQ_SKILL_MAX);
    }
}

static void cmd_time(game_t *g, const char *arg)
{
    double secs;
    if (parse_seconds(arg, &secs) && (secs > 0 || g->eng.depth || g->eng.nodes)) {
        g->eng.seconds = secs;
        describe_limits(g);
    } else {
        say("time wants seconds per move (e.g. 2.5); 0 only with a depth or node limit.");
    }
}

static void cmd_depth(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 0, XQ_SEARCH_MAX_DEPTH, &v) && (v || g->eng.seconds > 0 || g->eng.nodes)) {
        g->eng.depth = (int)v;
        describe_limits(g);
    } else {
        say("depth wants 0 (no limit, with a time or node limit) to %d.", XQ_SEARCH_MAX_DEPTH);
    }
}

static void cmd_nodes(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 0, LLONG_MAX, &v) && (v || g->eng.seconds > 0 || g->eng.depth)) {
        g->eng.nodes = v;
        describe_limits(g);
    } else {
        say("nodes wants a count (0: no limit, with a time or depth limit).");
    }
}

static void cmd_threads(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 1, XQ_SEARCH_MAX_THREADS, &v) &&
        xq_search_set_threads(g->eng.search, (int)v) == XQ_OK) {
        g->eng.threads = (int)v;
        describe_limits(g);
    } else {
        say("threads wants 1 to %d.", XQ_SEARCH_MAX_THREADS);
    }
}

static void cmd_hash(game_t *g, const char *arg)
{
    long long v;
    if (parse_int(arg, 1, XQ_SEARCH_MAX_HASH_MB, &v) &&
        xq_search_set_hash(g->eng.search, (size_t)v) == XQ_OK) {
        g->eng.hash_mb = (int)v;
        describe_limits(g);
    } else {
        say("hash wants megabytes, 1 to %d (and the memory).", XQ_SEARCH_MAX_HASH_MB);
    }
}

static void cmd_rules(game_t *g, const char *arg)
{
    int r = parse_ruleset(arg);
    if (r < 0) {
        say("rules wants axf, cxa or simple.");
        return;
    }
    xq_rules_init(&g->rules, XQ_RULES_VERSION, r);
    xq_search_set_rules(g->eng.search, &g->rules); /* the engine judges alike */
    g->rules_name = ruleset_name[r];
    g->announced = 0;
    say("Rules: %s.", g->rules_name);
}

static void cmd_notation(game_t *g, const char *arg)
{
    int nt = parse_notation(arg);
    if (nt < 0) {
        say("notation wants iccs, wxf or chinese.");
        return;
    }
    g->eng.notation = nt;
    say("Moves are shown in %s.", notation_name[nt]);
}

static void cmd_settings(game_t *g, const char *arg)
{
    (void)arg;
    describe_limits(g);
    describe_level(g->eng.level);
    describe_book(g);
    describe_egtb(g);
}

static void cmd_moves(game_t *g, const char *arg)
{
    (void)arg;
    list_moves(g, -1, 0);
}

static void cmd_opening(game_t *g, const char *arg)
{
    (void)arg;
    xq_ecco e;
    if (xq_ecco_classify_board(game_board(g), &e) != XQ_OK) {
        say("Cannot classify the opening.");
        return;
    }
    if (!e.code[0]) {
        say("No ECCO code: %s.", xq_ecco_reason_text(e.reason));
        return;
    }
    say("ECCO %s: %s%s%s", e.code, e.opening, e.variation[0] ? "，" : "", e.variation);
    say("  traditional: %s%s%s", e.opening_traditional, e.variation_traditional[0] ? "，" : "",
        e.variation_traditional);
    if (e.english[0])
        say("  English: %s", e.english);
    say("  decided at ply %d%s", e.ply, e.line[0] ? ", the position master games reached by" : "");
    if (e.line[0])
        say("  %s (%d of %d such games have this code)", e.line, e.agreeing, e.games);
}

static void cmd_fen(game_t *g, const char *arg)
{
    (void)arg;
    char fen[XQ_FEN_MAX];
    xq_board_fen(game_board(g), fen, sizeof fen);
    say("%s", fen);
}

static void cmd_board(game_t *g, const char *arg)
{
    (void)arg;
    show(g);
}

static void cmd_flip(game_t *g, const char *arg)
{
    (void)arg;
    g->view.flip = !g->view.flip;
    show(g);
}

static void cmd_compact(game_t *g, const char *arg)
{
    if (!strcmp(arg, "on") || !*arg)
        g->view.compact = !*arg ? !g->view.compact : 1;
    else if (!strcmp(arg, "off"))
        g->view.compact = 0;
    else {
        say("compact wants on or off (nothing: switch).");
        return;
    }
    show(g);
}

static void cmd_book(game_t *g, const char *arg)
{
    if (!strcmp(arg, "on") || !strcmp(arg, "off")) {
        if (!g->book) {
            say("No opening book is loaded: 'book FILE' loads one.");
            return;
        }
        g->book_on = !strcmp(arg, "on");
        describe_book(g);
    } else if (*arg) {
        char why[WHY_MAX];
        if (open_book(g, arg, why, sizeof why) == XQ_OK)
            describe_book(g);
        else
            say("Cannot use the book %s: %s.", arg, why);
    } else if (!g->book) {
        describe_book(g);
    } else {
        list_book_moves(g);
    }
}

static void cmd_egtb(game_t *g, const char *arg)
{
    if (!strcmp(arg, "off")) {
        if (g->egtb)
            say("Endgame tables %s closed.", g->egtb_path);
        close_egtb(g);
        describe_egtb(g);
    } else if (*arg) {
        char why[WHY_MAX];
        if (open_egtb(g, arg, why, sizeof why) == XQ_OK)
            describe_egtb(g);
        else
            say("Cannot use the endgame tables %s: %s.", arg, why);
    } else {
        describe_egtb(g);
        int wdl;
        char result[64];
        if (egtb_result(g, &wdl, result, sizeof result))
            say("This position: %s ('hint' names the best moves).", result);
        else if (g->egtb)
            say("No table covers this position.");
    }
}

static void cmd_resign(game_t *g, const char *arg)
{
    (void)arg;
    if (is_over(g)) {
        say("The game is already over.");
        return;
    }
    g->resigned = xq_board_side_to_move(game_board(g)) + 1;
    show(g);
}

/* A command: its name, other names (NULL-terminated), its arguments and
 * one line of help. 'help' prints this table. */
typedef struct command {
    const char *name;
    const char *aliases[3];
    const char *args;
    void (*run)(game_t *g, const char *arg);
    const char *help;
} command_t;

static const command_t commands[] = {
    {"help", {"?"}, "[COMMAND]", cmd_help, "this list, or the help of one command"},
    {"new", {NULL}, "[FEN]", cmd_new, "a new game from the start position or from FEN"},
    {"load", {NULL}, "FILE", cmd_load,
     "continue a PGN, XQF or DhtmlXQ game from the end of its main line"},
    {"save", {NULL}, "FILE", cmd_save, "write the game as PGN (with tags and the result)"},
    {"undo", {"back"}, "", cmd_undo,
     "take back a move (against the engine: yours and its reply)"},
    {"redo", {NULL}, "", cmd_redo, "play again what undo took back"},
    {"hint", {NULL}, "", cmd_hint,
     "the book's best move, the endgame table's result and best moves, or the engine's "
     "suggestion (full strength) with its line"},
    {"book", {NULL}, "[on|off|FILE]", cmd_book,
     "the book moves here with their games, W/D/L, score and share; or switch the book"},
    {"egtb", {NULL}, "[DIR|off]", cmd_egtb,
     "the endgame tables' result here; or use the tables of DIR (xq-egtb), or none"},
    {"go", {NULL}, "", cmd_go, "the engine plays the side to move now (and resumes after a pause)"},
    {"pause", {"stop"}, "", cmd_pause, "the engine stops moving by itself until 'go'"},
    {"engine", {NULL}, "SIDE", cmd_engine, "who the engine plays: red, black, both or none"},
    {"level", {NULL}, "[N]", cmd_level, "engine skill 0 (beginner) .. 20 (full strength)"},
    {"time", {NULL}, "S", cmd_time, "engine seconds per move (0: no time limit)"},
    {"depth", {NULL}, "N", cmd_depth, "engine depth limit in plies (0: none)"},
    {"nodes", {NULL}, "N", cmd_nodes, "engine node limit (0: none)"},
    {"threads", {NULL}, "N", cmd_threads, "engine threads"},
    {"hash", {NULL}, "MB", cmd_hash, "engine hash table size in megabytes"},
    {"rules", {NULL}, "R", cmd_rules,
     "axf, cxa or simple: how repetitions and the move limit end games"},
    {"notation", {NULL}, "N", cmd_notation, "moves shown in iccs, wxf or chinese"},
    {"moves", {NULL}, "", cmd_moves, "the legal moves, by piece"},
    {"history", {NULL}, "", cmd_history, "the moves of the game so far"},
    {"fen", {NULL}, "", cmd_fen, "the position as FEN"},
    {"opening", {"ecco"}, "", cmd_opening,
     "the game's opening: ECCO code and names, and why (the table position)"},
    {"board", {NULL}, "", cmd_board, "draw the board again"},
    {"flip", {NULL}, "", cmd_flip, "turn the board around"},
    {"compact", {NULL}, "[on|off]", cmd_compact,
     "the small board (two columns a point) for narrow terminals, or the full one"},
    {"settings", {NULL}, "", cmd_settings, "the engine's settings"},
    {"resign", {NULL}, "", cmd_resign, "give up the game"},
    {"quit", {"exit", "q"}, "", cmd_quit, "leave (the end of the input does too)"},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* The command named (or aliased) word, or NULL. */
static const command_t *find_command(const char *word)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (!strcmp(word, commands[i].name))
            return &commands[i];
        for (int k = 0; k < 3 && commands[i].aliases[k]; k++)
            if (!strcmp(word, commands[i].aliases[k]))
                return &commands[i];
    }
    return NULL;
}

static void help_line(const command_t *c)
{
    char head[64], also[64] = "";
    snprintf(head, sizeof head, "%s%s%s", c->name, *c->args ? " " : "", c->args);
    for (int k = 0; k < 3 && c->aliases[k]; k++) {
        size_t len = strlen(also);
        snprintf(also + len, sizeof also - len, "%s%s", k ? ", " : " (also: ", c->aliases[k]);
    }
    if (*also)
        strncat(also, ")", sizeof also - strlen(also) - 1);
    say("  %-17s %s%s", head, c->help, also);
}

static void cmd_help(game_t *g, const char *arg)
{
    (void)g;
    if (*arg) {
        char word[32];
        snprintf(word, sizeof word, "%s", arg);
        for (char *p = word; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        const command_t *c = find_command(word);
        if (c)
            help_line(c);
        else
            say("No command '%s'. Type 'help' for the commands.", arg);
        return;
    }
    say("Moves: in any notation: coordinates (h2e2: file a-i from Red's left, rank 0-9\n"
        "from Red's side), WXF (C2.5, C2=5) or Chinese (炮二平五), full-width forms too.\n"
        "Commands:");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        help_line(&commands[i]);
    say("While the engine thinks (on a terminal): Enter or 'stop' takes its best move so far,\n"
        "'pause' stops it without a move, 'quit' leaves.");
}

/* Handle one line: a command of the table, or else a move. */
void handle_line(game_t *g, char *line)
{
    char word[32];
    const char *arg;
    size_t w;
    if (!(line = input_split_command(line, word, sizeof word, &arg, &w)))
        return;
    const command_t *c = w < sizeof word ? find_command(word) : NULL;
    if (c)
        c->run(g, arg);
    else
        try_move(g, line);
}
