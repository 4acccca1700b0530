/* SPDX-License-Identifier: MIT */
/* The lobby's offers and users across the processes of a site. The offers
 * (seeks, challenges, rematches) are rows of the store (store_offer), in a
 * process alone as in a site, so that every process lists and takes the
 * same offers: taking one is a compare-and-set on its row
 * (store_offer_take()). With --broker this module also keeps this process's
 * row in the store with a lease (renewed every SRV_LEASE_RENEW_MS), a
 * presence row per user connected here (store_presence_set()), and every
 * SRV_LEASE_SCAN_MS removes the offers and presence of the processes whose
 * lease lapsed (store_processes_lapsed()), telling the site each offer gone.
 * A process alone removes at start the offers a process before it left.
 * Loop thread only. */
#ifndef XQ_SERVER_LOBBY_SITE_H
#define XQ_SERVER_LOBBY_SITE_H

#include <stdint.h>

#include "broker.h"
#include "store.h"

/* Start after the games came back, on the loop: @p owner is this process's
 * id of a site (game_owner_id()), or NULL for a process alone. The offers
 * of lapsed processes (a process alone: all) are removed at once. 0, or -1
 * (a message on standard error) when the store cannot be written or without
 * memory. */
int lobby_site_start(store *st, broker *b, const char *owner);
/* The owner id the offers made here carry ("local" for a process alone). */
const char *lobby_site_owner(void);
/* Whether user @p uid has a connection on another process of the site
 * (always 0 for a process alone): 1, 0, or -1 when the store cannot say. */
int lobby_site_elsewhere(int64_t uid);
/* User @p uid's last connection here went: whether to keep the user's
 * offers. This process's presence row of the user is deleted first, then
 * lobby_site_elsewhere() answers (so that of two processes the user leaves
 * at once, the later one sees none left); 1 (keep) too while a site's
 * process stops (after lobby_site_shutdown(): the connections close after
 * the loop, when a publish no longer reaches Redis; the lease's end removes
 * the offers). 1, 0, or -1 when the store cannot say. */
int lobby_site_leave(int64_t uid);
/* Tell who listens that offer @p o (its row deleted already) is gone for
 * @p why ("accepted", "declined", "cancelled", "left"): the lobby for a
 * seek, the author and the addressee for a challenge. */
void lobby_site_offer_gone(const store_offer *o, const char *why);
/* Stop the timers (after the loop); a site's process ends its lease, so
 * that another process's next scan removes its offers and presence and
 * tells the site (its own publishes would no longer reach Redis). */
void lobby_site_shutdown(void);

#endif
