/* SPDX-License-Identifier: MIT */
/* The store's handle, its rows and its results (store.h): what the server
 * and the backends behind store.c (store_backend.h) share. */
#ifndef XQ_SERVER_STORE_TYPES_H
#define XQ_SERVER_STORE_TYPES_H

#include <stdint.h>

#include "tuning.h"

typedef struct store store;

/* The longest owner id of a game (a site's process, store_game_claim()), with its NUL. */
#define STORE_OWNER_MAX 40

typedef struct store_user {
    int64_t id;
    char name[SRV_NAME_MAX + 8];
    char pwhash[160];
    int guest;
    double rating;
    int games;
    double deviation, volatility; /* Glicko-2 */
} store_user;
typedef struct store_game {
    int64_t id;
    int64_t uid[2];
    char name[2][SRV_NAME_MAX + 24];
    double rating[2];
    int engine_level, engine_color;
    int ruleset, base_s, inc_s, rated;
    int result;
    char reason[64];
    int64_t clock_ms[2];
    int64_t created, ended;
    char text[256];            /* the end's sentence for people ("" before schema 2) */
    int has_after;             /* rating_after holds the ratings after a rated game */
    double rating_after[2];
    int draw_offer;            /* the color with a standing draw offer, or -1 */
    int takeback_offer;        /* the color with a standing take-back request, or -1 */
    int plies;                 /* moves stored (read only) */
    double deviation_after[2]; /* Glicko-2 deviations after a rated game; -1 before schema 3 */
    char eco[4];               /* ECCO code of a finished game ("" without one) */
    int eco_ply;               /* the ply that decided it; -1 when not stored (a live game) */
    char owner[STORE_OWNER_MAX]; /* the owning process of a site (schema 7; "" none) */
    int64_t lease_until;       /* its lease, ms since the epoch (the database's clock); 0 none */
} store_game;
/* An offer of the lobby (schema 8): a seek anyone may accept, a challenge
 * to one user, or a rematch (a challenge repeating a finished game), with
 * its terms and the process that made it (its owner, whose lease keeps it:
 * store_processes_lapsed()). */
enum { STORE_OFFER_SEEK = 0, STORE_OFFER_CHALLENGE = 1, STORE_OFFER_REMATCH = 2 };
typedef struct store_offer {
    int64_t id;                  /* set by store_offer_add() */
    int kind;                    /* STORE_OFFER_* */
    int64_t uid, to_uid;         /* the author; the addressee (0: a seek) */
    char name[SRV_NAME_MAX + 8]; /* the author's name, rating and deviation when made */
    char to_name[SRV_NAME_MAX + 8];
    double rating, deviation;
    int base_s, inc_s, ruleset, rated;
    int color;                   /* the author's side: 0 red, 1 black, -1 random */
    int64_t rematch_of;          /* a rematch: the finished game it repeats (else 0) */
    char owner[STORE_OWNER_MAX]; /* the process that made it */
} store_offer;
/* What a finished game's state shows beyond its moves (schema 6; final_state.h
 * works it out), stored when the game ends. The strings are the caller's
 * (store_final_free()). */
typedef struct store_final {
    char *fen;    /* the position at the end */
    int check;    /* the side to move at the end is in check */
    char *wxf;    /* the moves in WXF, separated by spaces ("" without moves) */
    char *zh;     /* the moves in Chinese, likewise */
    char *checks; /* the plies (from 1) that gave check, likewise */
} store_final;
/* Free a store_final's strings (NULL ones too) and set them NULL (final_state.c). */
void store_final_free(store_final *f);
/* What the store functions return: ST_EXISTS a unique key is taken (or, for
 * store_game_claim(), another owner's lease runs), ST_NOTFOUND no row,
 * ST_NOT_OWNER the game is not (or no longer) the caller's (store_move_add_owned()). */
enum { ST_OK = 0, ST_EXISTS = 1, ST_NOTFOUND = 2, ST_NOT_OWNER = 3, ST_ERROR = -1 };
/* store_open()'s flags: every commit on disk before it returns; the database
 * shared by the processes of a site (PostgreSQL only: no one-server lock, games
 * claimed by their owners). */
enum { STORE_SYNC_FULL = 1, STORE_SHARED = 2 };

#endif
