# SPDX-License-Identifier: MIT
"""SVG pictures from Python: xiangqi.svg.board() and Board._repr_svg_()."""

import unittest
import xml.etree.ElementTree as ET

import xiangqi
import xiangqi.svg

from xqtest import MIDDLEGAME

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    return root, list(root.iter())


class TestSvg(unittest.TestCase):
    def test_repr_svg_is_well_formed(self):
        b = xiangqi.Board()
        svg = b._repr_svg_()
        self.assertEqual(svg, b.svg())
        self.assertEqual(svg, xiangqi.svg.board(b))
        root, elements = parse(svg)
        self.assertEqual(root.tag, NS + "svg")
        self.assertEqual((root.get("width"), root.get("height")), ("450", "514"))
        self.assertEqual(root.find(NS + "desc").text, xiangqi.START_FEN)
        # the characters are outlines (paths labelled with them), or text
        glyphs = [e.text if e.tag == NS + "text" else e.get("aria-label") for e in elements
                  if e.tag in (NS + "text", NS + "path")]
        for g in "帅仕相马车炮兵將士象馬車砲卒":
            self.assertIn(g, glyphs)
        self.assertFalse(any(e.get("id") for e in elements), "no IDs: pictures share a page")

    def test_options(self):
        b = xiangqi.Board(MIDDLEGAME)
        svg = xiangqi.svg.board(b, size=300, flip=True, coordinates="none", glyphs="letters",
                                lastmove="h8i8", check=False, arrows=["c4c9", xiangqi.Move.from_iccs("h2h9")])
        root, elements = parse(svg)
        self.assertEqual(root.get("width"), "300")
        self.assertEqual(sum(e.tag == NS + "polygon" for e in elements), 2)
        self.assertTrue(all(ord(c) < 128 for c in svg))
        shaded = [e for e in elements if e.tag == NS + "rect" and e.get("fill") == "#3d7fd6"]
        self.assertEqual(len(shaded), 2)
        none = xiangqi.svg.board(b, lastmove=False)
        self.assertNotIn("#3d7fd6", none)
        b.push(b.legal_moves[0])
        self.assertIn("#3d7fd6", b.svg())  # the move just played

    def test_check_glow(self):
        b = xiangqi.Board("3k5/3R5/9/9/9/9/9/9/9/4K4 b")
        self.assertIn("#e0201a", b.svg())
        self.assertNotIn("#e0201a", b.svg(check=False))

    def test_bad_options(self):
        b = xiangqi.Board()
        for kwargs in ({"size": 10}, {"size": 9000}, {"coordinates": "sideways"},
                       {"glyphs": "emoji"}, {"arrows": ["zz"]}, {"lastmove": 5}):
            with self.assertRaises((xiangqi.InvalidArgumentError, xiangqi.ParseError), msg=kwargs):
                b.svg(**kwargs)
        with self.assertRaises(xiangqi.InvalidArgumentError) as cm:
            b.svg(size=1)
        self.assertIn("32..8192", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
