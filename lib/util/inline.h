/* SPDX-License-Identifier: MIT */
/* INLINE: the library's always-inlined helpers of its hot paths and of its
 * headers (the move generator, the bytes of its files). One definition for
 * every layer, so that a utility header needs no header of the core. */
#ifndef XQ_INLINE_H
#define XQ_INLINE_H

#define INLINE static inline __attribute__((always_inline))

#endif /* XQ_INLINE_H */
