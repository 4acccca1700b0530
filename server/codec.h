/* SPDX-License-Identifier: MIT */
/* The protocol codec: a line or a WebSocket text into a JSON message and back. */
#ifndef XQ_SERVER_CODEC_H
#define XQ_SERVER_CODEC_H

#include <jansson.h>
#include <stddef.h>

/* The transports: a line of text over TCP, or a WebSocket text message. */
enum { T_LINE = 0, T_WS = 1 };

/* Decode one message: the object (its type in "type"), or NULL with *code and why set. */
/* known(type): a command of the protocol (unknown ones are refused unless
 * they come as JSON, so that the reply keeps the "id"). */
json_t *codec_decode(int transport, const char *text, size_t len, int (*known)(const char *type),
                     const char **code, char *why, size_t whycap);
/* Encode for a transport; malloc'd with `pre` spare bytes before the text; *len excludes them. */
unsigned char *codec_encode(int transport, const json_t *msg, size_t pre, size_t *len);
json_t *msg_new(const char *type);

#endif
