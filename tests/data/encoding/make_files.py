#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build the encoding test files in this directory (stdlib only; run from
anywhere). tests/unit/check_text.c reads them. They are written in the shapes
found on xqbase-style and Taiwanese sites (text written for these tests):

  gbk-comments.pgn   GBK, two games with long Chinese comments that hold
                     move text and traditional characters whose second
                     byte is '}' (題, 聖), then the site banner (a '=====' line
                     and three lines of text) after the last game
  big5-crlf.pgn      Big5 (CP950), CRLF line ends, traditional characters,
                     two games in Chinese notation with comments whose
                     characters have '}', '{', '[', ']' and '\\' as second
                     byte, and a banner
  big5.dhtml         a DhtmlXQ page in Big5
  big5-comments.xqf  an XQF 1.0 file with Big5 comments and title
  latin1-cafe.pgn    Windows-1252: "{caf\\xe9}" (issue 11 item 5)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "xqf"))
import make_fixtures as xqf  # noqa: E402


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def gbk_comments():
    # 唰的 (E0 A1 B5 C4) reads as UTF-8 to a UTF-8-first scanner, which then
    # loses the character boundaries: the 7D of 題 (EE 7D) ends the comment.
    long1 = ("本局是中炮对屏风马的常见变例。红方炮二平五，黑方马８进７，"
             "红方马二进三，黑方车９平８，这是最常见的走法。唰的問題在于"
             "黑方能否走卒７进１，如果走马２进３则红方车一平二，局面平稳。"
             "聖手之战，红方优势。") * 3
    long2 = ("黑方此时如走炮８平９，红方车二进六，黑方马２进３，"
             "红方兵七进一，双方形成对攻。唰的題目：红方应该怎样走？") * 4
    games = []
    games.append(
        '[Event "全国象棋个人赛"]\n[Red "许银川"]\n[Black "吕钦"]\n[Result "1-0"]\n'
        '[Format "Chinese"]\n\n'
        "1. 炮二平五 马８进７ {" + long1 + "}\n"
        "2. 马二进三 车９平８ {" + long2 + "}\n"
        "3. 车一平二 卒７进１ 1-0\n")
    games.append(
        '[Event "象棋甲级联赛"]\n[Red "胡荣华"]\n[Black "柳大华"]\n[Result "1/2-1/2"]\n\n'
        "1. 相三进五 {" + long2 + "} 炮８平４\n"
        "2. 马二进三 {" + long1 + "} 马８进７ 1/2-1/2\n")
    banner = ("\n===============================================\n"
              "欢迎访问《象棋百科全书网》\n"
              "推荐用《象棋巫师》打开棋谱 {更多棋谱请访问本站}\n"
              "本站网址：www.xqbase.com\n")
    text = "\n".join(games) + banner
    write("gbk-comments.pgn", text.encode("gbk"))
    write("gbk-comments.utf8.pgn", text.encode("utf-8"))


def big5_chars_with(trail):
    out = []
    for lead in range(0xA4, 0xC6):
        try:
            out.append(bytes([lead, trail]).decode("cp950"))
        except UnicodeDecodeError:
            pass
    return out


def big5_crlf():
    odd = "".join(big5_chars_with(0x7D)[:3] + big5_chars_with(0x7B)[:2] +
                  big5_chars_with(0x5B)[:2] + big5_chars_with(0x5D)[:2] +
                  big5_chars_with(0x5C)[:2])
    comment = "紅方先手，馬二進三後，黑方車９平８，局面平穩。" + odd + "許銀川說：功夫在棋外。"
    text = (
        '[Game "Chinese Chess"]\n[Event "友誼賽 中炮對屏風馬"]\n[Date "4/17/1996"]\n'
        '[Red "柳大華"]\n[Black "吳貴臨"]\n[Result "1-0"]\n'
        '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]\n\n'
        "1. 炮二平五 馬８進７ {" + comment + "}\n"
        "2. 馬二進三 車９平８\n3. 車一平二 卒７進１\n4. 車二進六 馬２進３\n"
        "5. 炮八平六 車１平２ {" + comment + "}\n"
        "6. 馬八進七 炮２平１\n1-0\n\n"
        '[Game "Chinese Chess"]\n[Event "全國個人賽"]\n[Red "趙國榮"]\n[Black "許銀川"]\n'
        '[Result "0-1"]\n\n'
        "1. 兵七進一 {" + comment + "} 卒７進１\n2. 炮二平三 象３進５\n0-1\n"
        "\n=====================\n台灣象棋資料庫\n歡迎轉載 {請註明出處}\n")
    write("big5-crlf.pgn", text.replace("\n", "\r\n").encode("cp950"))
    return comment


def big5_dhtml(comment):
    page = ("[DhtmlXQ]\n[DhtmlXQ_title]友誼賽 中炮對屏風馬[/DhtmlXQ_title]\n"
            "[DhtmlXQ_red]柳大華[/DhtmlXQ_red]\n[DhtmlXQ_black]吳貴臨[/DhtmlXQ_black]\n"
            "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n"
            "[DhtmlXQ_comment1]" + comment + "[/DhtmlXQ_comment1]\n[/DhtmlXQ]\n")
    write("big5.dhtml", page.replace("\n", "\r\n").encode("cp950"))


def big5_xqf(comment):
    root = xqf.Node(comment="開局".encode("cp950"))
    a = root.add("h2e2", comment.encode("cp950"))
    a.add("h9g7", "馬８進７".encode("cp950"))
    data = bytearray(xqf.build(10, xqf.START, root, []))
    title = "友誼賽 中炮對屏風馬".encode("cp950")
    data[0x50] = len(title)
    data[0x51:0x51 + len(title)] = title
    write("big5-comments.xqf", bytes(data))


def latin1():
    write("latin1-cafe.pgn", b"1. h2e2 {caf\xe9} h9g7 2. h0g2 {ok} b9c7 *\n")


if __name__ == "__main__":
    gbk_comments()
    c = big5_crlf()
    big5_dhtml(c)
    big5_xqf(c)
    latin1()
