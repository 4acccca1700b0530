#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""xq-server's outgoing messages are built in one place (issue 40, point 1):
no file of server/ but the codec (codec.c, codec_msg.c) packs a JSON value
(json_pack) or sets a message's "type". Prints each place that does and
exits 1; --self-test checks the checker on samples."""
import argparse
import os
import re
import sys

CODEC = {"codec.c", "codec_msg.c"}
RULES = [
    (re.compile(r"\bjson_pack\s*\("), "packs JSON (json_pack): build it in codec_msg.c"),
    (re.compile(r"json_object_set(?:_new)?(?:_nocheck)?\s*\([^;]*?\"type\""),
     "sets a message's \"type\": build the message in codec_msg.c"),
    (re.compile(r"\\\"type\\\"\s*:"), "writes a message's \"type\" in a JSON text"),
]


def strip_comments(text):
    """C comments blanked (line numbers kept), strings left as they are."""
    return re.sub(r"/\*.*?\*/|//[^\n]*",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def findings(name, text):
    code = strip_comments(text)
    out = []
    for rx, why in RULES:
        for m in rx.finditer(code):
            out.append((code.count("\n", 0, m.start()) + 1, why))
    return sorted(out)


def self_test():
    bad = [
        'json_t *j = json_pack("{ss}", "a", "b");',
        'json_object_set_new(ev, "type", json_string("seek"));',
        'static const char k[] = "{\\"type\\":\\"error\\"}";',
    ]
    good = [
        '/* json_pack( in a comment */ int x;',
        'const char *t = json_string_value(json_object_get(m, "type"));',
        'conn_send_id(c, id, msg_new("ok"));',
    ]
    for s in bad:
        assert findings("t.c", s), s
    for s in good:
        assert not findings("t.c", s), s
    print("codec_only self-test: ok")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default=".")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test:
        return self_test()
    d = os.path.join(a.root, "server")
    bad = 0
    for name in sorted(os.listdir(d)):
        if not name.endswith(".c") or name in CODEC:
            continue
        with open(os.path.join(d, name), encoding="utf-8") as f:
            for line, why in findings(name, f.read()):
                print("server/%s:%d: %s" % (name, line, why))
                bad += 1
    if bad:
        print("%d outgoing message part(s) built outside the codec" % bad)
        return 1
    print("every outgoing message is built by the codec")
    return 0


if __name__ == "__main__":
    sys.exit(main())
