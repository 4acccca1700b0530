/* SPDX-License-Identifier: MIT */
/* The instruction set level of this CPU, for the code compiled in several
 * copies (the move generator). Detected once, by the table build
 * (xq__T.cpu), so every copy reads it without a call. */
#ifndef XQ_CPU_H
#define XQ_CPU_H

enum {
    XQ_CPU_BASE = 0,   /* the x86-64 baseline, or any other CPU */
    XQ_CPU_POPCNT = 1, /* POPCNT */
    XQ_CPU_BMI2 = 2,   /* POPCNT, BMI1/2 and LZCNT (x86-64-v3 class) */
    XQ_CPU_NB = 3
};

/* The best level this CPU supports (asks the CPU: call once). */
int xq__cpu_detect(void);

#endif
