/* SPDX-License-Identifier: MIT */
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
    FIELD(xq_parse_error, reserved);

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
    FIELD(xq_pgn_options, encoding);

    SIZE(xq_rules);
    FIELD(xq_rules, version);
    FIELD(xq_rules, ruleset);
    FIELD(xq_rules, fold);
    FIELD(xq_rules, ply_limit);
    FIELD(xq_rules, check_cap);
    FIELD(xq_rules, mate_threat_depth);
    FIELD(xq_rules, insufficient_material);

    SIZE(xq_outcome);
    FIELD(xq_outcome, result);
    FIELD(xq_outcome, reason);
    FIELD(xq_outcome, at_fault);
    FIELD(xq_outcome, repetitions);
    FIELD(xq_outcome, cycle_start);
    FIELD(xq_outcome, cycle_plies);
    FIELD(xq_outcome, cycle);
    FIELD(xq_outcome, nchasing);
    FIELD(xq_outcome, chasing);
    FIELD(xq_outcome, nchased);
    FIELD(xq_outcome, chased);
    FIELD(xq_outcome, limit_count);
    FIELD(xq_outcome, limit_plies);
    FIELD(xq_outcome, reserved);

    SIZE(xq_search_config);
    FIELD(xq_search_config, version);
    FIELD(xq_search_config, threads);
    FIELD(xq_search_config, hash_mb);

    SIZE(xq_search_limits);
    FIELD(xq_search_limits, version);
    FIELD(xq_search_limits, depth);
    FIELD(xq_search_limits, nodes);
    FIELD(xq_search_limits, movetime_ms);
    FIELD(xq_search_limits, red_time_ms);
    FIELD(xq_search_limits, black_time_ms);
    FIELD(xq_search_limits, red_inc_ms);
    FIELD(xq_search_limits, black_inc_ms);
    FIELD(xq_search_limits, movestogo);
    FIELD(xq_search_limits, move_overhead_ms);
    FIELD(xq_search_limits, infinite);
    FIELD(xq_search_limits, ponder);
    FIELD(xq_search_limits, mate);
    FIELD(xq_search_limits, multipv);
    FIELD(xq_search_limits, skill);
    FIELD(xq_search_limits, seed);
    FIELD(xq_search_limits, nsearchmoves);
    FIELD(xq_search_limits, nbanmoves);
    FIELD(xq_search_limits, searchmoves);
    FIELD(xq_search_limits, banmoves);
    FIELD(xq_search_limits, no_book);

    SIZE(xq_search_info);
    FIELD(xq_search_info, depth);
    FIELD(xq_search_info, seldepth);
    FIELD(xq_search_info, multipv);
    FIELD(xq_search_info, score_kind);
    FIELD(xq_search_info, score);
    FIELD(xq_search_info, bound);
    FIELD(xq_search_info, nodes);
    FIELD(xq_search_info, nps);
    FIELD(xq_search_info, time_ms);
    FIELD(xq_search_info, hashfull);
    FIELD(xq_search_info, pv_length);
    FIELD(xq_search_info, pv);
    FIELD(xq_search_info, reserved);

    SIZE(xq_search_result);
    FIELD(xq_search_result, best_move);
    FIELD(xq_search_result, ponder_move);
    FIELD(xq_search_result, score_kind);
    FIELD(xq_search_result, score);
    FIELD(xq_search_result, depth);
    FIELD(xq_search_result, seldepth);
    FIELD(xq_search_result, nodes);
    FIELD(xq_search_result, nps);
    FIELD(xq_search_result, time_ms);
    FIELD(xq_search_result, hashfull);
    FIELD(xq_search_result, pv_length);
    FIELD(xq_search_result, pv);
    FIELD(xq_search_result, book_move);
    FIELD(xq_search_result, reserved);

    SIZE(xq_book_options);
    FIELD(xq_book_options, version);
    FIELD(xq_book_options, max_ply);
    FIELD(xq_book_options, min_games);
    FIELD(xq_book_options, min_score);
    FIELD(xq_book_options, weighting);

    SIZE(xq_book_entry);
    FIELD(xq_book_entry, move);
    FIELD(xq_book_entry, games);
    FIELD(xq_book_entry, wins);
    FIELD(xq_book_entry, draws);
    FIELD(xq_book_entry, losses);
    FIELD(xq_book_entry, weight);
    FIELD(xq_book_entry, score);
    FIELD(xq_book_entry, reserved);
    SIZE(xq_ecco);
    FIELD(xq_ecco, code);
    FIELD(xq_ecco, reason);
    FIELD(xq_ecco, ply);
    FIELD(xq_ecco, opening);
    FIELD(xq_ecco, variation);
    FIELD(xq_ecco, opening_traditional);
    FIELD(xq_ecco, variation_traditional);
    FIELD(xq_ecco, english);
    FIELD(xq_ecco, line);
    FIELD(xq_ecco, games);
    FIELD(xq_ecco, agreeing);
    FIELD(xq_ecco, reserved);
    SIZE(xq_egtb_info);
    FIELD(xq_egtb_info, version);
    FIELD(xq_egtb_info, name);
    FIELD(xq_egtb_info, entries);
    FIELD(xq_egtb_info, positions);
    FIELD(xq_egtb_info, wins);
    FIELD(xq_egtb_info, draws);
    FIELD(xq_egtb_info, losses);
    FIELD(xq_egtb_info, file_size);
    FIELD(xq_egtb_info, max_dtm);
    FIELD(xq_egtb_info, rule_wins);
    FIELD(xq_egtb_info, rule_losses);
    SIZE(xq_review_thresholds);
    FIELD(xq_review_thresholds, version);
    FIELD(xq_review_thresholds, inaccuracy);
    FIELD(xq_review_thresholds, mistake);
    FIELD(xq_review_thresholds, blunder);
    FIELD(xq_review_thresholds, loss_cap);

    return 0;
}
