/* SPDX-License-Identifier: MIT */
/* The rule sets by their names in the protocol: "axf", "cxa", "simple". */
#ifndef XQ_SERVER_RULESET_H
#define XQ_SERVER_RULESET_H

const char *ruleset_name(int rs); /* an XQ_RULES_ value's name ("axf" for an unknown one) */
int ruleset_parse(const char *s); /* a name (any case) into XQ_RULES_, or -1 */

#endif
