/* SPDX-License-Identifier: MIT */
/* Game review (xiangqi/review.h): a search's score as a value, the class of
 * a move from the values around it, and the classes' names, NAGs and
 * symbols, from one table. The one place the server (server/review.c,
 * server/game.c) and the bindings (xiangqi.tools.analyse, the JavaScript
 * package) take them from. */
#include <stdio.h>
#include <string.h>

#include "xiangqi/review.h"

#include "util/error.h"

/* Everything about a class, in ::xq_move_class order. */
static const struct {
    const char *name;
    const char *symbol;
    int nag;
} k_classes[XQ_MOVE_CLASS_COUNT] = {
    [XQ_CLASS_BEST] = {"best", "", 0},
    [XQ_CLASS_GOOD] = {"good", "", 0},
    [XQ_CLASS_INACCURACY] = {"inaccuracy", "?!", 6},
    [XQ_CLASS_MISTAKE] = {"mistake", "?", 2},
    [XQ_CLASS_BLUNDER] = {"blunder", "??", 4},
};

static const xq_review_thresholds k_defaults = XQ_REVIEW_THRESHOLDS_INIT;

/* The largest value of centipawns: the values above are mates. */
#define CP_MAX (XQ_MATE_VALUE - XQ_MATE_BAND)

int xq_review_thresholds_init(xq_review_thresholds *t, unsigned int version)
{
    if (!t)
        return XQ_EINVAL;
    if (xq__version_check(version, XQ_REVIEW_THRESHOLDS_VERSION) != XQ_OK)
        return XQ_EVERSION;
    *t = k_defaults;
    t->version = version;
    return XQ_OK;
}

int xq_review_thresholds_check(const xq_review_thresholds *t, xq_parse_error *err)
{
    if (!t)
        return XQ_OK;
    if (xq__version_check(t->version, XQ_REVIEW_THRESHOLDS_VERSION) != XQ_OK)
        return xq__parse_fail(err, XQ_EVERSION, -1,
                              "thresholds of version %u: this library knows 1 .. %u", t->version,
                              (unsigned)XQ_REVIEW_THRESHOLDS_VERSION);
    if (!(0 < t->inaccuracy && t->inaccuracy <= t->mistake && t->mistake <= t->blunder))
        return xq__parse_fail(err, XQ_EINVAL, -1,
                              "thresholds must be 0 < inaccuracy <= mistake <= blunder, "
                              "not %ld, %ld, %ld",
                              (long)t->inaccuracy, (long)t->mistake, (long)t->blunder);
    if (t->loss_cap <= 0 || t->loss_cap > XQ_MATE_VALUE)
        return xq__parse_fail(err, XQ_EINVAL, -1, "the loss cap must be in 1 .. %d, not %ld",
                              XQ_MATE_VALUE, (long)t->loss_cap);
    return XQ_OK;
}

int xq_review_value(int score_kind, int32_t score, int32_t *value)
{
    if (!value)
        return XQ_EINVAL;
    if (score_kind == XQ_SCORE_CP) {
        *value = score > CP_MAX ? CP_MAX : score < -CP_MAX ? -CP_MAX : score;
        return XQ_OK;
    }
    if (score_kind != XQ_SCORE_MATE || score >= XQ_MATE_BAND || score <= -XQ_MATE_BAND)
        return XQ_EINVAL;
    *value = score > 0 ? XQ_MATE_VALUE - score : -XQ_MATE_VALUE - score;
    return XQ_OK;
}

int xq_review_value_text(int32_t value, unsigned int flags, char *buf, size_t cap)
{
    if ((!buf && cap) || value > XQ_MATE_VALUE || value < -XQ_MATE_VALUE ||
        (flags & ~(XQ_VALUE_TEXT_SIGN | XQ_VALUE_TEXT_CENTIPAWNS)))
        return XQ_EINVAL;
    long v = value, a = v < 0 ? -v : v;
    const char *sign = v < 0 ? "-" : (flags & XQ_VALUE_TEXT_SIGN) ? "+" : "";
    char tmp[XQ_VALUE_TEXT_MAX];
    if (a > CP_MAX)
        snprintf(tmp, sizeof tmp, "#%s%ld", v < 0 ? "-" : "", XQ_MATE_VALUE - a);
    else if (flags & XQ_VALUE_TEXT_CENTIPAWNS)
        snprintf(tmp, sizeof tmp, "%s%ld", sign, a);
    else
        snprintf(tmp, sizeof tmp, "%s%ld.%02ld", sign, a / 100, a % 100);
    size_t n = strlen(tmp);
    if (cap) {
        size_t k = n < cap ? n : cap - 1;
        memcpy(buf, tmp, k);
        buf[k] = '\0';
    }
    return (int)n;
}

/* The thresholds to use (NULL: the defaults), or NULL with *rc set. */
static const xq_review_thresholds *usable(const xq_review_thresholds *t, int *rc)
{
    *rc = xq_review_thresholds_check(t, NULL);
    return *rc != XQ_OK ? NULL : t ? t : &k_defaults;
}

static int classify(int32_t loss, int is_best, const xq_review_thresholds *t)
{
    return is_best                  ? XQ_CLASS_BEST
           : loss >= t->blunder    ? XQ_CLASS_BLUNDER
           : loss >= t->mistake    ? XQ_CLASS_MISTAKE
           : loss >= t->inaccuracy ? XQ_CLASS_INACCURACY
                                   : XQ_CLASS_GOOD;
}

static int32_t clamp(int32_t v, int32_t cap)
{
    return v > cap ? cap : v < -cap ? -cap : v;
}

int xq_review_classify(int32_t before, int32_t after, int is_best,
                       const xq_review_thresholds *t, int32_t *loss)
{
    int rc;
    const xq_review_thresholds *use = usable(t, &rc);
    if (!use)
        return rc;
    if (before > XQ_MATE_VALUE || before < -XQ_MATE_VALUE || after > XQ_MATE_VALUE ||
        after < -XQ_MATE_VALUE)
        return XQ_EINVAL;
    int32_t l = clamp(before, use->loss_cap) - clamp(after, use->loss_cap);
    if (loss)
        *loss = l;
    return classify(l, is_best, use);
}

int xq_review_classify_loss(int32_t loss, int is_best, const xq_review_thresholds *t)
{
    int rc;
    const xq_review_thresholds *use = usable(t, &rc);
    return use ? classify(loss, is_best, use) : rc;
}

const char *xq_review_class_name(int cls)
{
    return cls >= 0 && cls < XQ_MOVE_CLASS_COUNT ? k_classes[cls].name : NULL;
}

int xq_review_class_from_name(const char *name)
{
    if (!name)
        return XQ_EINVAL;
    for (int i = 0; i < XQ_MOVE_CLASS_COUNT; i++)
        if (strcmp(name, k_classes[i].name) == 0)
            return i;
    return XQ_ENOTFOUND;
}

const char *xq_review_class_symbol(int cls)
{
    return cls >= 0 && cls < XQ_MOVE_CLASS_COUNT ? k_classes[cls].symbol : NULL;
}

int xq_review_class_nag(int cls)
{
    return cls >= 0 && cls < XQ_MOVE_CLASS_COUNT ? k_classes[cls].nag : XQ_EINVAL;
}
