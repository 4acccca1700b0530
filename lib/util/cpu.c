/* SPDX-License-Identifier: MIT */
/* CPU feature detection for the code compiled per instruction set. */
#include "cpu.h"

int xq__cpu_detect(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
        __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2"))
        /* avx2 stands in for LZCNT, which __builtin_cpu_supports cannot name:
         * every CPU with AVX2 and BMI2 has it. */
        return XQ_CPU_BMI2;
    if (__builtin_cpu_supports("popcnt"))
        return XQ_CPU_POPCNT;
#endif
    return XQ_CPU_BASE;
}
