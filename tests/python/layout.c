/* Prints the size and field offsets of every public structure, so the
 * Python test can compare them with its ctypes declarations (test_ffi.py). */
#include <stddef.h>
#include <stdio.h>

#include <xiangqi/xiangqi.h>

#define SIZE(s) printf("%s sizeof %zu\n", #s, sizeof(s))
#define FIELD(s, f) printf("%s %s %zu\n", #s, #f, offsetof(s, f))

int main(void)
{
    SIZE(xq_parse_error);
    FIELD(xq_parse_error, code);
    FIELD(xq_parse_error, offset);
    FIELD(xq_parse_error, line);
    FIELD(xq_parse_error, column);
    FIELD(xq_parse_error, message);

    SIZE(xq_svg_options);
    FIELD(xq_svg_options, version);
    FIELD(xq_svg_options, size);
    FIELD(xq_svg_options, flip);
    FIELD(xq_svg_options, coordinates);
    FIELD(xq_svg_options, glyphs);
    FIELD(xq_svg_options, show_last_move);
    FIELD(xq_svg_options, last_move);
    FIELD(xq_svg_options, show_check);
    FIELD(xq_svg_options, arrows);
    FIELD(xq_svg_options, arrow_count);

    SIZE(xq_pgn_options);
    FIELD(xq_pgn_options, version);
    FIELD(xq_pgn_options, notation);
    FIELD(xq_pgn_options, flags);
    FIELD(xq_pgn_options, line_width);
    FIELD(xq_pgn_options, variations);
    FIELD(xq_pgn_options, comments);

    return 0;
}
