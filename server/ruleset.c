/* SPDX-License-Identifier: MIT */
/* The rule sets by their names in the protocol (ruleset.h). */
#include <strings.h>

#include <xiangqi/xiangqi.h>

#include "ruleset.h"

const char *ruleset_name(int rs)
{
    return rs == XQ_RULES_CXA ? "cxa" : rs == XQ_RULES_SIMPLE ? "simple" : "axf";
}

int ruleset_parse(const char *s)
{
    if (strcasecmp(s, "axf") == 0)
        return XQ_RULES_AXF;
    if (strcasecmp(s, "cxa") == 0)
        return XQ_RULES_CXA;
    if (strcasecmp(s, "simple") == 0)
        return XQ_RULES_SIMPLE;
    return -1;
}
