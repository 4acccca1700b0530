/* SPDX-License-Identifier: MIT */
/* The slow endgame-table tests (label "slow"): check_egtb.c with the
 * chariot against three and four defenders; the fast tests it also holds
 * are not run here. */
#define XQ_EGTB_SLOW 1
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "check_egtb.c"
