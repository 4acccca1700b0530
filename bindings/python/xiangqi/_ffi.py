# SPDX-License-Identifier: MIT
"""Loading libxiangqi and declaring its C functions (internal).

Every exported symbol gets ``argtypes`` and ``restype`` here: ctypes'
default ``c_int`` return type would truncate pointers and 64-bit values.
A test compares this table with ``lib/xiangqi.sym``.

The library is looked up, in this order:

1. the path in the environment variable ``XQ_LIBRARY``;
2. a ``libxiangqi`` shared library next to this package's files (for
   self-contained installs);
3. ``ctypes.util.find_library("xiangqi")`` (the system's library path,
   ``LD_LIBRARY_PATH`` included).

A library whose major version differs from the one this package was written
for is refused with ``ImportError``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
import sys
from typing import Any, Dict, List, Tuple, Type
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_int, c_int32, c_int64,
                    c_size_t, c_uint, c_uint16, c_uint32, c_uint64, c_void_p)

#: The library version this package was written for (MAJOR*10000+MINOR*100+PATCH).
VERSION_NUMBER = 10000
#: Libraries with another major version are refused.
VERSION_MAJOR = VERSION_NUMBER // 10000
#: Oldest library this package can use: the one that introduced every symbol below.
MINIMUM_VERSION = 10000

c_move = c_uint16
c_board_p = c_void_p
c_movelist_p = c_void_p
c_record_p = c_void_p
c_reader_p = c_void_p
c_search_p = c_void_p
c_book_p = c_void_p
c_book_builder_p = c_void_p

MAX_MOVES = 128
#: XQ_RECORD_MAX_NAGS: the NAG bytes of a node of xq_record_tree().
RECORD_MAX_NAGS = 8


class ParseError(Structure):
    """``xq_parse_error``."""
    _fields_ = [("code", c_int32), ("offset", c_int32), ("line", c_int32), ("column", c_int32),
                ("message", c_char * 256), ("reserved", c_int32 * 4)]


class SvgOptions(Structure):
    """``xq_svg_options`` (version 1)."""
    _fields_ = [("version", c_uint32), ("size", c_int32), ("flip", c_int32), ("coordinates", c_int32),
                ("glyphs", c_int32), ("show_last_move", c_int32), ("last_move", c_move),
                ("show_check", c_int32), ("arrows", POINTER(c_move)), ("arrow_count", c_int32)]


SVG_OPTIONS_VERSION = 1


class PgnOptions(Structure):
    """``xq_pgn_options`` (version 2: ``encoding``, an ``XQ_ENCODING_*``)."""
    _fields_ = [("version", c_uint32), ("notation", c_int32), ("flags", c_uint32),
                ("line_width", c_int32), ("variations", c_int32), ("comments", c_int32),
                ("encoding", c_int32)]


PGN_OPTIONS_VERSION = 2
ENCODING_AUTO, ENCODING_UTF8, ENCODING_GBK, ENCODING_BIG5, ENCODING_LATIN1 = 0, 1, 2, 3, 4


class Rules(Structure):
    """``xq_rules`` (version 1)."""
    _fields_ = [("version", c_uint32), ("ruleset", c_int32), ("fold", c_int32), ("ply_limit", c_int32),
                ("check_cap", c_int32), ("mate_threat_depth", c_int32),
                ("insufficient_material", c_int32)]


RULES_VERSION = 1
OUTCOME_MAX_SQUARES = 16


class Outcome(Structure):
    """``xq_outcome``."""
    _fields_ = [("result", c_int32), ("reason", c_int32), ("at_fault", c_int32),
                ("repetitions", c_int32), ("cycle_start", c_int32), ("cycle_plies", c_int32),
                ("cycle", c_int32 * 2), ("nchasing", c_int32), ("chasing", c_int32 * OUTCOME_MAX_SQUARES),
                ("nchased", c_int32), ("chased", c_int32 * OUTCOME_MAX_SQUARES),
                ("limit_count", c_int32), ("limit_plies", c_int32), ("reserved", c_int32 * 8)]


SEARCH_CONFIG_VERSION = 1
SEARCH_LIMITS_VERSION = 2
SEARCH_MAX_THREADS = 256
SEARCH_MAX_HASH_MB = 65536
SEARCH_MAX_DEPTH = 100
SEARCH_PROGRESS_NODES = 1024  # XQ_SEARCH_PROGRESS_NODES (1.1)
SKILL_MAX = 20
PV_MAX = 64


class SearchConfig(Structure):
    """``xq_search_config`` (version 1)."""
    _fields_ = [("version", c_uint32), ("threads", c_int32), ("hash_mb", c_size_t)]


class SearchLimits(Structure):
    """``xq_search_limits`` (version 2: no_book)."""
    _fields_ = [("version", c_uint32), ("depth", c_int32), ("nodes", c_uint64),
                ("movetime_ms", c_int32), ("red_time_ms", c_int32), ("black_time_ms", c_int32),
                ("red_inc_ms", c_int32), ("black_inc_ms", c_int32), ("movestogo", c_int32),
                ("move_overhead_ms", c_int32), ("infinite", c_int32), ("ponder", c_int32),
                ("mate", c_int32), ("multipv", c_int32), ("skill", c_int32), ("seed", c_uint64),
                ("nsearchmoves", c_int32), ("nbanmoves", c_int32),
                ("searchmoves", c_move * MAX_MOVES), ("banmoves", c_move * MAX_MOVES),
                ("no_book", c_int32)]


class SearchInfo(Structure):
    """``xq_search_info``."""
    _fields_ = [("depth", c_int32), ("seldepth", c_int32), ("multipv", c_int32),
                ("score_kind", c_int32), ("score", c_int32), ("bound", c_int32),
                ("nodes", c_uint64), ("nps", c_uint64), ("time_ms", c_int64),
                ("hashfull", c_int32), ("pv_length", c_int32), ("pv", c_move * PV_MAX),
                ("reserved", c_int32 * 8)]


class SearchResult(Structure):
    """``xq_search_result``."""
    _fields_ = [("best_move", c_move), ("ponder_move", c_move), ("score_kind", c_int32),
                ("score", c_int32), ("depth", c_int32), ("seldepth", c_int32),
                ("nodes", c_uint64), ("nps", c_uint64), ("time_ms", c_int64),
                ("hashfull", c_int32), ("pv_length", c_int32), ("pv", c_move * PV_MAX),
                ("book_move", c_int32), ("reserved", c_int32 * 7)]


BOOK_OPTIONS_VERSION = 1


class BookOptions(Structure):
    """``xq_book_options`` (version 1)."""
    _fields_ = [("version", c_uint), ("max_ply", c_int32), ("min_games", c_int32),
                ("min_score", c_int32), ("weighting", c_int32)]


class BookEntry(Structure):
    """``xq_book_entry``."""
    _fields_ = [("move", c_move), ("games", c_uint32), ("wins", c_uint32), ("draws", c_uint32),
                ("losses", c_uint32), ("weight", c_uint32), ("score", c_int32),
                ("reserved", c_int32 * 4)]


#: ``xq_search_info_fn``: void (*)(const xq_search_info *info, void *userdata).
SEARCH_INFO_FN = CFUNCTYPE(None, POINTER(SearchInfo), c_void_p)
#: xq_search_progress_fn: nonzero stops the search (1.1).
SEARCH_PROGRESS_FN = CFUNCTYPE(c_int, c_void_p)

#: The structures whose layout a test compares with the C compiler's.
STRUCTURES: Dict[str, Type[Structure]] = {
    "xq_parse_error": ParseError, "xq_svg_options": SvgOptions, "xq_pgn_options": PgnOptions,
    "xq_rules": Rules, "xq_outcome": Outcome, "xq_search_config": SearchConfig,
    "xq_search_limits": SearchLimits, "xq_search_info": SearchInfo,
    "xq_search_result": SearchResult, "xq_book_options": BookOptions,
    "xq_book_entry": BookEntry,
}

P = POINTER

#: name -> (restype, argtypes). Every symbol of lib/xiangqi.sym appears here.
#: Typed loosely (Any): ctypes' restype/argtypes are ctypes classes of many kinds.
FUNCTIONS: Dict[str, Tuple[Any, List[Any]]] = {
    # version and errors
    "xq_version": (c_int, []),
    "xq_version_string": (c_char_p, []),
    "xq_strerror": (c_char_p, [c_int]),
    # squares, pieces, moves
    "xq_square": (c_int, [c_int, c_int]),
    "xq_square_file": (c_int, [c_int]),
    "xq_square_rank": (c_int, [c_int]),
    "xq_piece": (c_int, [c_int, c_int]),
    "xq_piece_type_of": (c_int, [c_int]),
    "xq_piece_color_of": (c_int, [c_int]),
    "xq_piece_char": (c_int, [c_int]),
    "xq_move_make": (c_move, [c_int, c_int]),
    "xq_move_from": (c_int, [c_move]),
    "xq_move_to": (c_int, [c_move]),
    "xq_move_parse": (c_int, [c_char_p, P(c_move)]),
    "xq_move_format": (c_int, [c_move, c_char_p, c_size_t]),
    # board
    "xq_board_new": (c_int, [P(c_board_p), c_char_p, P(ParseError)]),
    "xq_board_clone": (c_int, [P(c_board_p), c_board_p]),
    "xq_board_free": (None, [c_board_p]),
    "xq_board_set_fen": (c_int, [c_board_p, c_char_p, P(ParseError)]),
    "xq_fen_problems": (c_int, [c_char_p, P(ParseError), c_size_t]),
    "xq_fen_validate": (c_int, [c_char_p, P(ParseError)]),
    "xq_board_fen": (c_int, [c_board_p, c_char_p, c_size_t]),
    "xq_board_side_to_move": (c_int, [c_board_p]),
    "xq_board_piece_at": (c_int, [c_board_p, c_int]),
    "xq_board_hash": (c_uint64, [c_board_p]),
    "xq_board_in_check": (c_int, [c_board_p]),
    "xq_board_attackers": (c_int, [c_board_p, c_int, c_int, P(c_int), c_size_t]),
    "xq_board_halfmove_clock": (c_int, [c_board_p]),
    "xq_board_fullmove_number": (c_int, [c_board_p]),
    "xq_board_ply": (c_int, [c_board_p]),
    "xq_board_history_size": (c_int, [c_board_p]),
    "xq_board_history_move": (c_int, [c_board_p, c_int, P(c_move), P(c_int)]),
    "xq_board_repetitions": (c_int, [c_board_p]),
    "xq_board_status": (c_int, [c_board_p, P(c_int)]),
    "xq_board_generate_moves": (c_int, [c_board_p, P(c_move), c_size_t]),
    "xq_board_is_legal": (c_int, [c_board_p, c_move]),
    "xq_board_make_move": (c_int, [c_board_p, c_move]),
    "xq_board_unmake_move": (c_int, [c_board_p, P(c_move)]),
    # move lists
    "xq_movelist_new": (c_int, [P(c_movelist_p)]),
    "xq_movelist_free": (None, [c_movelist_p]),
    "xq_movelist_size": (c_int, [c_movelist_p]),
    "xq_movelist_get": (c_move, [c_movelist_p, c_int]),
    "xq_board_legal_moves": (c_int, [c_board_p, c_movelist_p]),
    "xq_movelist_clone": (c_int, [P(c_movelist_p), c_movelist_p]),
    "xq_movelist_index": (c_int, [c_movelist_p, c_move]),
    "xq_movelist_filter": (c_int, [c_movelist_p, c_int, c_int, c_int, c_uint]),
    "xq_movelist_is_capture": (c_int, [c_movelist_p, c_int]),
    "xq_movelist_gives_check": (c_int, [c_movelist_p, c_int]),
    "xq_movelist_text": (c_int, [c_movelist_p, c_int, c_int, c_uint, c_char_p, c_size_t]),
    "xq_movelist_find": (c_int, [c_movelist_p, c_char_p, c_int, c_uint, P(c_int), P(ParseError)]),
    "xq_movelist_fen": (c_int, [c_movelist_p, c_char_p, c_size_t]),
    # perft
    "xq_perft": (c_int, [c_board_p, c_int, P(c_uint64)]),
    "xq_perft_divide": (c_int, [c_board_p, c_int, P(c_move), P(c_uint64), c_size_t]),
    # notation
    "xq_board_move_to_text": (c_int, [c_board_p, c_move, c_int, c_uint, c_char_p, c_size_t]),
    "xq_board_move_from_text": (c_int, [c_board_p, c_char_p, c_int, c_uint, P(c_move),
                                        P(ParseError)]),
    "xq_notation_detect": (c_int, [c_char_p]),
    # game records
    "xq_record_new": (c_int, [P(c_record_p), c_char_p, P(ParseError)]),
    "xq_record_clone": (c_int, [P(c_record_p), c_record_p]),
    "xq_record_free": (None, [c_record_p]),
    "xq_record_reset": (c_int, [c_record_p, c_char_p, P(ParseError)]),
    "xq_record_set_tag": (c_int, [c_record_p, c_char_p, c_char_p]),
    "xq_record_tag": (c_int, [c_record_p, c_char_p, c_char_p, c_size_t]),
    "xq_record_tag_count": (c_int, [c_record_p]),
    "xq_record_tag_name": (c_int, [c_record_p, c_int, c_char_p, c_size_t]),
    "xq_record_tag_value": (c_int, [c_record_p, c_int, c_char_p, c_size_t]),
    "xq_record_start_fen": (c_int, [c_record_p, c_char_p, c_size_t]),
    "xq_record_board": (c_board_p, [c_record_p]),
    "xq_record_play": (c_int, [c_record_p, c_move]),
    "xq_record_play_text": (c_int, [c_record_p, c_char_p, c_int, c_uint, P(ParseError)]),
    "xq_record_truncate": (c_int, [c_record_p]),
    "xq_record_delete": (c_int, [c_record_p]),
    "xq_record_promote": (c_int, [c_record_p]),
    "xq_record_ply": (c_int, [c_record_p]),
    "xq_record_line_size": (c_int, [c_record_p]),
    "xq_record_line_move": (c_int, [c_record_p, c_int, P(c_move)]),
    "xq_record_mainline_size": (c_int, [c_record_p]),
    "xq_record_mainline_move": (c_int, [c_record_p, c_int, P(c_move)]),
    "xq_record_back": (c_int, [c_record_p]),
    "xq_record_forward": (c_int, [c_record_p]),
    "xq_record_goto": (c_int, [c_record_p, c_int]),
    "xq_record_goto_end": (c_int, [c_record_p]),
    "xq_record_variation_count": (c_int, [c_record_p]),
    "xq_record_variation_move": (c_int, [c_record_p, c_int, P(c_move)]),
    "xq_record_enter_variation": (c_int, [c_record_p, c_int]),
    "xq_record_undo": (c_int, [c_record_p]),
    "xq_record_redo": (c_int, [c_record_p]),
    "xq_record_comment": (c_int, [c_record_p, c_char_p, c_size_t]),
    "xq_record_set_comment": (c_int, [c_record_p, c_char_p]),
    "xq_record_comment_before": (c_int, [c_record_p, c_char_p, c_size_t]),
    "xq_record_set_comment_before": (c_int, [c_record_p, c_char_p]),
    "xq_record_nag_count": (c_int, [c_record_p]),
    "xq_record_nag": (c_int, [c_record_p, c_int]),
    "xq_record_add_nag": (c_int, [c_record_p, c_int]),
    "xq_record_clear_nags": (c_int, [c_record_p]),
    "xq_pgn_options_init": (c_int, [P(PgnOptions), c_uint]),
    "xq_record_to_pgn": (c_int, [c_record_p, P(PgnOptions), c_char_p, c_size_t]),
    "xq_record_tree": (c_int, [c_record_p, c_void_p, c_size_t]),
    "xq_record_save_pgn": (c_int, [c_record_p, c_char_p, c_int, P(PgnOptions), P(ParseError)]),
    "xq_record_from_pgn": (c_int, [c_record_p, c_char_p, c_size_t, P(PgnOptions),
                                   P(ParseError)]),
    "xq_pgn_reader_open": (c_int, [P(c_reader_p), c_char_p, P(PgnOptions), P(ParseError)]),
    "xq_pgn_reader_open_fd": (c_int, [P(c_reader_p), c_int, P(PgnOptions), P(ParseError)]),
    "xq_pgn_reader_open_memory": (c_int, [P(c_reader_p), c_void_p, c_size_t, P(PgnOptions)]),
    "xq_pgn_reader_next": (c_int, [c_reader_p, c_record_p, P(ParseError)]),
    "xq_pgn_reader_game_line": (c_int, [c_reader_p]),
    "xq_pgn_reader_encoding": (c_int, [c_reader_p]),
    "xq_pgn_reader_free": (None, [c_reader_p]),
    "xq_format_detect": (c_int, [c_void_p, c_size_t]),
    "xq_record_from_xqf": (c_int, [c_record_p, c_void_p, c_size_t, P(ParseError)]),
    "xq_record_from_dhtmlxq": (c_int, [c_record_p, c_char_p, c_size_t, P(ParseError)]),
    "xq_record_load": (c_int, [c_record_p, c_char_p, P(PgnOptions), P(ParseError)]),
    # rule adjudication
    "xq_rules_init": (c_int, [P(Rules), c_uint, c_int]),
    "xq_board_outcome": (c_int, [c_board_p, P(Rules), P(Outcome)]),
    "xq_board_move_banned": (c_int, [c_board_p, P(Rules), c_move]),
    "xq_board_banned_moves": (c_int, [c_board_p, P(Rules), P(c_move), c_size_t]),
    "xq_reason_name": (c_char_p, [c_int]),
    "xq_outcome_format": (c_int, [P(Outcome), c_char_p, c_size_t]),
    # pictures
    "xq_svg_options_init": (c_int, [P(SvgOptions), c_uint]),
    "xq_board_svg": (c_int, [c_board_p, P(SvgOptions), c_char_p, c_size_t]),
    # search
    "xq_search_config_init": (c_int, [P(SearchConfig), c_uint]),
    "xq_search_limits_init": (c_int, [P(SearchLimits), c_uint]),
    "xq_search_new": (c_int, [P(c_search_p), P(SearchConfig)]),
    "xq_search_free": (None, [c_search_p]),
    "xq_search_set_threads": (c_int, [c_search_p, c_int]),
    "xq_search_set_hash": (c_int, [c_search_p, c_size_t]),
    "xq_search_clear": (c_int, [c_search_p]),
    "xq_search_set_rules": (c_int, [c_search_p, P(Rules)]),
    "xq_search_start": (c_int, [c_search_p, c_board_p, P(SearchLimits), SEARCH_INFO_FN,
                                c_void_p]),
    "xq_search_stop": (None, [c_search_p]),
    "xq_search_ponderhit": (None, [c_search_p]),
    "xq_search_running": (c_int, [c_search_p]),
    "xq_search_wait": (c_int, [c_search_p, P(SearchResult)]),
    "xq_search_run": (c_int, [c_search_p, c_board_p, P(SearchLimits), P(SearchResult)]),
    "xq_search_set_book": (c_int, [c_search_p, c_book_p]),
    # opening book
    "xq_book_options_init": (c_int, [P(BookOptions), c_uint]),
    "xq_book_builder_new": (c_int, [P(c_book_builder_p), P(BookOptions)]),
    "xq_book_builder_free": (None, [c_book_builder_p]),
    "xq_book_builder_add_record": (c_int, [c_book_builder_p, c_record_p]),
    "xq_book_builder_add_pgn": (c_int, [c_book_builder_p, c_reader_p, P(c_int)]),
    "xq_book_builder_games": (c_int64, [c_book_builder_p]),
    "xq_book_builder_finish": (c_int, [c_book_builder_p, P(c_book_p)]),
    "xq_book_open": (c_int, [P(c_book_p), c_char_p, P(ParseError)]),
    "xq_book_open_memory": (c_int, [P(c_book_p), c_void_p, c_size_t, P(ParseError)]),
    "xq_book_free": (None, [c_book_p]),
    "xq_book_write": (c_int, [c_book_p, c_char_p]),
    "xq_book_data": (c_void_p, [c_book_p, P(c_size_t)]),
    "xq_book_merge": (c_int, [P(c_book_p), c_book_p, c_book_p, P(BookOptions)]),
    "xq_book_probe": (c_int, [c_book_p, c_board_p, P(BookEntry), c_size_t]),
    "xq_book_pick": (c_int, [c_book_p, c_board_p, P(Rules), c_uint64, c_uint, P(c_move)]),
    "xq_book_position_count": (c_int64, [c_book_p]),
    "xq_book_move_count": (c_int64, [c_book_p]),
    "xq_book_games": (c_int64, [c_book_p]),
    "xq_book_weighting": (c_int, [c_book_p]),
    "xq_book_position_at": (c_int, [c_book_p, c_int64, P(c_uint64), P(BookEntry), c_size_t]),
    "xq_book_dump": (c_int64, [c_book_p, c_char_p, c_size_t]),
    "xq_evaluate": (c_int, [c_board_p, P(c_int32)]),
}

#: Functions added after 1.0 (name: (restype, argtypes)): declared when the
#: loaded library has them; the methods that use them raise NotFoundError
#: with a 1.0 library (has()).
OPTIONAL_FUNCTIONS: dict[str, tuple[Any, list[Any]]] = {
    # the search's evaluation (1.1)
    "xq_search_set_eval": (c_int, [c_search_p, c_int]),
    "xq_search_get_eval": (c_int, [c_search_p]),
    "xq_search_load_net": (c_int, [c_search_p, c_char_p, P(ParseError)]),
    "xq_search_load_net_memory": (c_int, [c_search_p, c_void_p, c_size_t, P(ParseError)]),
    "xq_search_net_info": (c_int, [c_search_p, c_char_p, c_size_t]),
    "xq_search_evaluate": (c_int, [c_search_p, c_board_p, P(c_int32)]),
    # the search's progress handler (1.1)
    "xq_search_set_progress_handler": (c_int, [c_search_p, SEARCH_PROGRESS_FN, c_void_p]),
}


def has(lib: ctypes.CDLL, name: str) -> bool:
    """Whether the loaded library has the function *name* (OPTIONAL_FUNCTIONS)."""
    return hasattr(lib, name)


# -- endgame tables (xiangqi/egtb.h) --
c_egtb_p = c_void_p
EGTB_INFO_VERSION = 1


class EgtbInfo(Structure):
    """``xq_egtb_info`` (version 1)."""
    _fields_ = [("version", c_uint32), ("name", c_char * 24), ("entries", c_uint64),
                ("positions", c_uint64), ("wins", c_uint64), ("draws", c_uint64),
                ("losses", c_uint64), ("file_size", c_uint64), ("max_dtm", c_int32),
                ("rule_wins", c_uint64), ("rule_losses", c_uint64)]


#: ``xq_egtb_progress_fn``: void (*)(const char *table, int phase, int pass,
#: uint64_t resolved, uint64_t total, void *userdata).
EGTB_PROGRESS_FN = CFUNCTYPE(None, c_char_p, c_int, c_int, c_uint64, c_uint64, c_void_p)

STRUCTURES["xq_egtb_info"] = EgtbInfo
FUNCTIONS.update({
    "xq_egtb_open": (c_int, [P(c_egtb_p), c_char_p, P(ParseError)]),
    "xq_egtb_free": (None, [c_egtb_p]),
    "xq_egtb_table_count": (c_int, [c_egtb_p]),
    "xq_egtb_max_pieces": (c_int, [c_egtb_p]),
    "xq_egtb_info_init": (c_int, [P(EgtbInfo), c_uint]),
    "xq_egtb_table_info": (c_int, [c_egtb_p, c_int, P(EgtbInfo)]),
    "xq_egtb_probe": (c_int, [c_egtb_p, c_board_p, P(c_int), P(c_int)]),
    "xq_egtb_best_moves": (c_int, [c_egtb_p, c_board_p, P(c_move), c_size_t]),
    "xq_egtb_generate": (c_int, [c_char_p, c_char_p, EGTB_PROGRESS_FN, c_void_p,
                                 P(ParseError)]),
    "xq_egtb_verify": (c_int, [c_egtb_p, c_char_p, P(c_uint64), P(ParseError)]),
    "xq_search_set_tablebase": (c_int, [c_search_p, c_egtb_p]),
})

# -- openings by name (xiangqi/ecco.h) --
ECCO_MAX_PLY = 40


class Ecco(Structure):
    """``xq_ecco``."""
    _fields_ = [("code", c_char * 4), ("reason", c_int32), ("ply", c_int32),
                ("opening", c_char_p), ("variation", c_char_p),
                ("opening_traditional", c_char_p), ("variation_traditional", c_char_p),
                ("english", c_char_p), ("line", c_char_p), ("games", c_int32),
                ("agreeing", c_int32), ("reserved", c_int32 * 4)]


STRUCTURES["xq_ecco"] = Ecco
FUNCTIONS.update({
    "xq_ecco_classify_moves": (c_int, [c_char_p, P(c_move), c_int, P(Ecco)]),
    "xq_ecco_classify_board": (c_int, [c_board_p, P(Ecco)]),
    "xq_ecco_classify_record": (c_int, [c_record_p, P(Ecco)]),
    "xq_ecco_lookup": (c_int, [c_char_p, P(Ecco)]),
    "xq_ecco_code_count": (c_int, []),
    "xq_ecco_code_at": (c_char_p, [c_int]),
    "xq_ecco_reason_text": (c_char_p, [c_int]),
})
OPTIONAL_FUNCTIONS.update({
    # one move more (1.1)
    "xq_ecco_classify_next": (c_int, [c_board_p, P(Ecco)]),
})


# -- game review (xiangqi/review.h, 1.1) --
#: ``XQ_MATE_VALUE``, ``XQ_MATE_BAND`` and the ``XQ_VALUE_TEXT_*`` flags.
MATE_VALUE = 30000
MATE_BAND = 1000
VALUE_TEXT_SIGN = 0x01
VALUE_TEXT_CENTIPAWNS = 0x02
VALUE_TEXT_MAX = 16
MOVE_CLASS_COUNT = 5
REVIEW_THRESHOLDS_VERSION = 1


class ReviewThresholds(Structure):
    """``xq_review_thresholds`` (version 1)."""
    _fields_ = [("version", c_uint), ("inaccuracy", c_int32), ("mistake", c_int32),
                ("blunder", c_int32), ("loss_cap", c_int32)]


STRUCTURES["xq_review_thresholds"] = ReviewThresholds
OPTIONAL_FUNCTIONS.update({
    "xq_review_thresholds_init": (c_int, [P(ReviewThresholds), c_uint]),
    "xq_review_thresholds_check": (c_int, [P(ReviewThresholds), P(ParseError)]),
    "xq_review_value": (c_int, [c_int, c_int32, P(c_int32)]),
    "xq_review_value_text": (c_int, [c_int32, c_uint, c_char_p, c_size_t]),
    "xq_review_classify": (c_int, [c_int32, c_int32, c_int, P(ReviewThresholds), P(c_int32)]),
    "xq_review_classify_loss": (c_int, [c_int32, c_int, P(ReviewThresholds)]),
    "xq_review_class_name": (c_char_p, [c_int]),
    "xq_review_class_from_name": (c_int, [c_char_p]),
    "xq_review_class_symbol": (c_char_p, [c_int]),
    "xq_review_class_nag": (c_int, [c_int]),
})


def _library_names() -> list[str]:
    if sys.platform == "win32":
        return ["xiangqi.dll", "libxiangqi.dll"]
    if sys.platform == "darwin":
        return ["libxiangqi.dylib", "libxiangqi.0.dylib"]
    return ["libxiangqi.so.1", "libxiangqi.so"]


def candidates() -> list[tuple[str, str]]:
    """The places the library is looked for, in order, as (how, path) pairs."""
    found: list[tuple[str, str]] = []
    env = os.environ.get("XQ_LIBRARY")
    if env:
        found.append(("XQ_LIBRARY", env))
        return found  # an explicit choice is never second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    for name in _library_names():
        path = os.path.join(here, name)
        if os.path.exists(path):
            found.append(("next to the package", path))
    for path in sorted(glob.glob(os.path.join(here, "libxiangqi.so.*"))):
        if ("next to the package", path) not in found:
            found.append(("next to the package", path))
    system = ctypes.util.find_library("xiangqi")
    if system:
        found.append(("find_library", system))
    return found


def check_version(number: int, where: str) -> None:
    """Raise ImportError unless a library of version *number* can be used."""
    major = number // 10000
    text = "%d.%d.%d" % (major, number // 100 % 100, number % 100)
    if major != VERSION_MAJOR:
        raise ImportError(
            "libxiangqi %s (%s) has major version %d, but this xiangqi package needs major "
            "version %d: install a matching library or package, or point XQ_LIBRARY at one"
            % (text, where, major, VERSION_MAJOR))
    if number < MINIMUM_VERSION:
        raise ImportError(
            "libxiangqi %s (%s) is older than %d.%d.%d, the oldest version this xiangqi "
            "package supports" % (text, where, MINIMUM_VERSION // 10000,
                                  MINIMUM_VERSION // 100 % 100, MINIMUM_VERSION % 100))


def declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Set restype/argtypes of every function on *lib*."""
    for name, (restype, argtypes) in FUNCTIONS.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    for name, (restype, argtypes) in OPTIONAL_FUNCTIONS.items():
        if has(lib, name):
            fn = getattr(lib, name)
            fn.restype = restype
            fn.argtypes = argtypes
    return lib


def load() -> tuple[ctypes.CDLL, str]:
    """Find, check and declare the library; returns (CDLL, path)."""
    tried = []
    for how, path in candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as exc:
            tried.append("%s (%s): %s" % (path, how, exc))
            if how == "XQ_LIBRARY":
                break
            continue
        try:
            version = lib.xq_version
        except AttributeError:
            raise ImportError("%s (%s) is not libxiangqi: it has no xq_version()" % (path, how))
        version.restype = c_int
        version.argtypes = []
        check_version(version(), "%s, found via %s" % (path, how))
        return declare(lib), path
    detail = ("; ".join(tried)) if tried else "no candidate found"
    raise ImportError(
        "cannot load libxiangqi (%s). Install the library (cmake --install), add its directory "
        "to LD_LIBRARY_PATH, copy libxiangqi.so.1 next to the xiangqi package, or set XQ_LIBRARY "
        "to its path" % detail)


def loaded_file(library: ctypes.CDLL, name: str) -> str:
    """The file of *library*, loaded as *name*: *name* itself when it is a
    path, else the file the dynamic loader chose for it (by ``dladdr``), or
    *name* when that cannot be told."""
    if os.sep in name:
        return name
    try:
        class DlInfo(Structure):
            _fields_ = [("dli_fname", c_char_p), ("dli_fbase", c_void_p),
                        ("dli_sname", c_char_p), ("dli_saddr", c_void_p)]
        dladdr = ctypes.CDLL(None).dladdr
        dladdr.argtypes = [c_void_p, POINTER(DlInfo)]
        info = DlInfo()
        if dladdr(ctypes.cast(library.xq_version, c_void_p), ctypes.byref(info)) and info.dli_fname:
            return os.fsdecode(info.dli_fname)
    except (AttributeError, OSError):
        pass
    return name


#: The loaded library. Typed as Any on purpose: its functions are declared at
#: run time from FUNCTIONS (restype/argtypes), so ctypes' stubs cannot know
#: what they take and return; the wrappers in the other modules give the
#: types (converting with int()/bytes where the value leaves the package).
lib: Any
#: The file the library was loaded from.
path: str
lib, path = load()
path = loaded_file(lib, path)

