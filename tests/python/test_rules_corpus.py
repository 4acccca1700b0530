# SPDX-License-Identifier: MIT
"""The rule corpus (tests/data/rules/axf-diagrams.txt) judged through the
package: Board.outcome() under AXF, CXA and simple, the evidence, and
Board.banned_moves() / Board.is_banned() consistent with the outcome (the
move that completes a losing cycle is banned, and no other). The C test
check_rules_corpus and tests/js/test_rules_corpus.mjs read the same file."""

import os
import unittest

import xiangqi
from xiangqi import Board, Termination

from xqtest import DATA_DIR

CORPUS = os.path.join(DATA_DIR, "rules", "axf-diagrams.txt")
KINDS = {"checks": Termination.PERPETUAL_CHECK, "chases": Termination.PERPETUAL_CHASE,
         "threatens": Termination.PERPETUAL_MATE_THREAT}


def load_cases():
    """Every record: label | FEN | moves | AXF | CXA | AXF evidence | citation."""
    cases = []
    with open(CORPUS, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split("|")]
            if len(fields) != 7 or not all(fields[i] for i in (0, 1, 2, 3, 4, 6)):
                raise ValueError("%s:%d: malformed record" % (CORPUS, lineno))
            label, fen, moves, axf, cxa, evidence, citation = fields
            cases.append(dict(line=lineno, label=label, fen=fen, moves=moves.split(),
                              verdict={"axf": axf, "cxa": cxa}, evidence=evidence,
                              citation=citation))
    return cases


def square(name):
    return xiangqi.parse_square(name)


class TestRulesCorpus(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cases = load_cases()

    def board(self, case):
        b = Board(case["fen"])
        for i, m in enumerate(case["moves"]):
            try:
                b.push_uci(m)
            except xiangqi.IllegalMoveError as e:  # the corpus never has one: fail loudly
                self.fail("%s (line %d): move %d %s is not legal: %s"
                          % (case["label"], case["line"], i + 1, m, e))
        return b

    def expect(self, case, rules, o, want):
        where = "%s [%s] (%s)" % (case["label"], case["citation"], rules)
        if want == "ongoing":
            self.assertIsNone(o, where)
            return
        self.assertIsNotNone(o, where)
        if want == "draw":
            self.assertEqual((o.termination, o.winner, o.at_fault),
                             (Termination.REPETITION, None, None), "%s: %s" % (where, o))
            return
        side, kind = want.split("-")
        loser = xiangqi.RED if side == "red" else xiangqi.BLACK
        self.assertEqual((o.termination, o.at_fault, o.winner),
                         (KINDS[kind], loser, xiangqi.BLACK if loser == xiangqi.RED
                          else xiangqi.RED), "%s: %s" % (where, o))

    def test_cases(self):
        self.assertGreater(len(self.cases), 0)
        for case in self.cases:
            with self.subTest(case["label"]):
                b = self.board(case)
                for rules in ("axf", "cxa", "simple"):
                    want = case["verdict"].get(rules)
                    if rules == "simple":
                        want = "ongoing" if case["verdict"]["axf"] == "ongoing" else "draw"
                    o = b.outcome(rules)
                    self.expect(case, rules, o, want)
                    if rules == "axf" and case["evidence"]:
                        chasing, chased = case["evidence"].split(">")
                        self.assertEqual(sorted(o.chasing),
                                         sorted(square(s) for s in chasing.split(",")))
                        self.assertEqual(sorted(o.chased),
                                         sorted(square(s) for s in chased.split(",")))
                    # The evidence names pieces that are on the board.
                    if o is not None:
                        for s in list(o.chasing) + list(o.chased):
                            self.assertIsNotNone(b.piece_at(s), case["label"])
                    self.check_bans(case, b, rules, o)

    def check_bans(self, case, b, rules, o):
        """Before the last move: a move is banned exactly when it completes a
        cycle its author loses."""
        last = b.pop()
        mover = b.turn
        banned = set(str(m) for m in b.banned_moves(rules))
        for m in list(b.legal_moves):
            b.push(m)
            after = b.outcome(rules)
            b.pop()
            loses = after is not None and after.at_fault == mover and after.cycle_start >= 0
            self.assertEqual(str(m) in banned, loses,
                             "%s (%s): move %s" % (case["label"], rules, m))
            self.assertEqual(b.is_banned(m, rules), loses)
        self.assertEqual(str(last) in banned, o is not None and o.at_fault == mover,
                         "%s (%s): last move" % (case["label"], rules))
        b.push(last)


if __name__ == "__main__":
    unittest.main()
