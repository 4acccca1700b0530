/* SPDX-License-Identifier: MIT */
/* XQ_DEPRECATED (xiangqi/core.h) on a declaration, and a call to it: the
 * deprecation test (deprecation.sh) compiles this file with
 * -Werror=deprecated-declarations, where it must fail with the macro's
 * message, and with -DXQ_NO_DEPRECATION_WARNINGS, where it must compile
 * cleanly. Compiled as C and as C++. */
#include <xiangqi/xiangqi.h>

#ifdef __cplusplus
extern "C" {
#endif
XQ_DEPRECATED("use xq_version()") int xq_test_old_version(void);
#ifdef __cplusplus
}
#endif

int xq_test_old_version(void)
{
    return xq_version();
}

int xq_test_caller(void);
int xq_test_caller(void)
{
    return xq_test_old_version();
}
