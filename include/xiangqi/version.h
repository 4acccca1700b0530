/* SPDX-License-Identifier: MIT */
/**
 * @file xiangqi/version.h
 * @brief Compile-time version of libxiangqi (single source of truth; CMake parses it).
 */
#ifndef XIANGQI_VERSION_H
#define XIANGQI_VERSION_H

/** @addtogroup version
 *  @{ */
#define XQ_VERSION_MAJOR 1 /**< Incompatible API/ABI changes. */
#define XQ_VERSION_MINOR 0 /**< Backwards-compatible additions. */
#define XQ_VERSION_PATCH 0 /**< Bug fixes. */

/** @cond INTERNAL */
#define XQ_VERSION_STR_(x) #x
#define XQ_VERSION_STR(x) XQ_VERSION_STR_(x)
/** @endcond */

/** The version as a string, e.g. "1.0.0". */
#define XQ_VERSION_STRING                                                      \
    XQ_VERSION_STR(XQ_VERSION_MAJOR)                                           \
    "." XQ_VERSION_STR(XQ_VERSION_MINOR) "." XQ_VERSION_STR(XQ_VERSION_PATCH)

/** The version as one number: MAJOR*10000 + MINOR*100 + PATCH. */
#define XQ_VERSION_NUMBER                                                      \
    (XQ_VERSION_MAJOR * 10000 + XQ_VERSION_MINOR * 100 + XQ_VERSION_PATCH)
/** @} */

#endif /* XIANGQI_VERSION_H */
