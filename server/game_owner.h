/* SPDX-License-Identifier: MIT */
/* A site's games (--broker): each unfinished game is owned by one process,
 * recorded in the store with a lease (store_game_claim()). This process draws
 * its owner id, renews the leases of its games every SRV_LEASE_RENEW_MS,
 * drops the games it no longer owns (another process took them over: they are
 * no longer served here), and every SRV_LEASE_SCAN_MS takes over the games
 * whose owner's lease lapsed (a process that died). Loop thread only. */
#ifndef XQ_SERVER_GAME_OWNER_H
#define XQ_SERVER_GAME_OWNER_H

/* Make this process a site's: draw its owner id and give it to the game
 * module (game_core_set_owner()), before game_restore_all(). */
void game_owner_init(void);
/* This process's owner id ("" before game_owner_init()). */
const char *game_owner_id(void);
/* Start the timers (after game_restore_all(), on the loop): 0, or -1 without
 * memory. */
int game_owner_start(void);
/* Stop the timers and give up the leases of the games still owned (a clean
 * stop: the other processes take them over at once). */
void game_owner_shutdown(void);

#endif
