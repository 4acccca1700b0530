/* SPDX-License-Identifier: MIT */
/* Positions of the `bench` command of xq-uci: the start position, middle
 * games and endings from master games (tests/data/games), and a few
 * composed endings. A fixed-depth search of all of them gives the node count
 * that is the search's signature (checked by the `bench` test). */
#ifndef XQ_PROGRAMS_BENCH_H
#define XQ_PROGRAMS_BENCH_H

/* Default depth of `bench`. */
#define BENCH_DEPTH 10

static const char *const bench_fens[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1rbaka2r/3c5/2n1b1nc1/p3p1p1p/2p6/5NP2/P1P1P3P/2N1C2CR/6R2/2BAKAB2 w - - 16 9",
    "3aka1r1/7c1/2n1b1n2/p3pR2p/6b2/2p2N3/P1r1P1c1P/B1N1C2CB/3RA4/4KA3 b - - 8 21",
    "3ak4/4a4/2R1b4/p2cp3p/3N2b2/3n5/P3P1c1P/B1p3C1B/4A4/3AKC1r1 w - - 2 36",
    "3ak4/9/4b4/3R5/p5b2/4p3C/1r3n2P/8B/4A4/3K1A3 b - - 4 52",
    "2baka1r1/r8/2n1b1n1c/p1p1p3p/1c4p2/1CPN5/P3P1P1P/4C1N2/R7R/2BAKAB2 w - - 16 9",
    "3aka3/9/2n1b4/p1p1p3p/2bc1r3/2C2C3/P3P3P/4B4/3R5/3AKAB2 b - - 0 21",
    "3aka3/9/4b4/7rp/2b1p1n2/9/P5R2/3AB4/4A3C/4K1B2 w - - 8 36",
    "r1bakabr1/9/3c2n2/p3p1N1p/2pn5/6P2/PcP1P3P/NC2B2C1/4A4/R1BAKR3 w - - 3 9",
    "1rbak1R1C/4a4/9/p3p3p/2b2P3/4cN3/P1P5P/4B2r1/1c2A4/1RBAK4 b - - 7 21",
    "r2akab2/3r5/2n1b1nc1/p1p1p4/6p1p/2P6/Pc2P1P1P/2N1B2CN/R7R/2CAKAB2 w - - 16 9",
    "4kab2/4a4/2n1bc3/p1C1p4/2P2np1p/2R6/P3P3P/1rN1B4/4A4/2C1KAB2 b - - 13 21",
    "r3kab2/3nar3/1c2b1c1n/p1p1p1p2/8p/6P2/P1P1P3P/2N1C1C1N/4A4/1RBAK1BR1 w - - 16 9",
    "4kab2/4a4/2ncb1c2/p3p1C2/2p4np/6P2/P3PN2P/4B3N/4A1C2/2BAK4 b - - 0 21",
    "3k1ab2/4a4/4b4/3NC4/2p5p/4P4/P2n4P/4B4/3K2C2/1cBc5 w - - 3 36",
    "3k1ab2/4a4/4b4/1N1C5/2p6/P2cPnBp1/6C1c/B8/9/4K4 b - - 15 52",
    "1rbakabr1/9/2n1c1n2/pCp3C1p/4p4/2P6/P3P1P1P/2N4c1/4A4/1RBAK1BNR w - - 5 9",
    "1rbak1b2/4a4/5cn2/p1p1PRCrp/9/2P6/PC4P1n/2N1BA3/9/1RBAK3c b - - 7 21",
    "r2akab2/9/2ncb1n1c/pR2p1p1p/2p6/5NP2/P1P1P2rP/2N1CC3/9/2BAKAB1R w - - 16 9",
    "1R2kab2/4a4/3cb3c/p1r1p3p/3N1n3/9/P1p1P1p1P/C8/N3A4/2BAKCB2 b - - 7 21",
    "3ckab2/4a4/3nb4/pr7/8p/1N2R4/P1p3p1P/4B3B/N3A4/3AKC3 w - - 4 36",
    "r1b1kabr1/4a1c2/1cn3n2/p1p1p1R1p/4P1p2/2P6/P5P1P/1C2C1N2/9/RNBAKAB2 w - - 16 9",
    "1r2kab2/4a4/3cb4/p1p1N3p/3P5/2P6/P4RnpP/1RN1C4/1C2A4/2BAK1cr1 b - - 11 21",
    "4kab2/4aR3/9/p1p1N3p/2PP3n1/9/P3c2pP/2N6/1C2A4/2BAK1cr1 w - - 0 36",
    "4kabr1/4a4/1cn1b1nc1/p3p1p1p/2pr5/2P4R1/P3P1P1P/NCC1B1N2/9/R2AKAB2 w - - 16 9",
    "4ka3/4a3c/b2cb1n2/C3p3p/3n5/P1R3P2/4P2rP/2C1B1N2/9/1N1AKAB2 b - - 4 21",
    "4ka3/3ca3n/4b4/4pCP2/2b5p/4P4/6C2/4B4/9/3AKA3 w - - 3 36",
    "2baka1r1/3r5/1cn1b1n2/p1p1p3p/6p2/1CPN3c1/P3P1P1P/4C1N2/R8/2BAKABR1 w - - 16 9",
    "1c1aka3/n3nr3/4b4/p1N3R1p/6p2/9/P3P1P1P/1c1CB1N2/9/2BAKA3 b - - 3 21",
    "2c1ka3/n3a4/2n6/9/6p2/4P4/P5P1P/4B1N2/2rRA4/2BA1K3 w - - 0 36",
    "rnb1kab2/4a4/1c2c4/p1p1C1p1p/9/3r2P2/P1P1P3P/1CN6/9/R1BAKABR1 w - - 1 9",
    "1cr1kab2/3Ra4/b3c4/p1p3p2/3RC3p/2P3P2/P3r3P/2N1B4/4A4/3K1AB2 b - - 7 21",
    "4c4/4ak3/b4a3/8R/2b1c1P1p/9/P7P/4B4/4A4/3K1AB2 w - - 7 36",
    "2bakab2/r3c4/1cn3n2/p1p1p1R1p/9/3r2P2/P1P1P3P/1C2C1N1B/4A4/RNBAK4 w - - 5 9",
    "2baka3/c8/2n1b4/4p3p/1c4P2/r1Cn3R1/2P1P3P/N3C1N1B/4A4/2BAK4 b - - 0 21",
    "3rkab1r/4a4/2n1bcn2/p1N1p3p/6p2/1cP6/P3P1P1P/1C1CB1N2/9/R2AKABR1 w - - 1 9",
    "4kab2/4a4/4b4/p3p3p/1n1r1n3/PNP3B2/1c2P2cP/1C1CB1N2/4A4/2R1KA3 b - - 16 21",
    /* endings */
    "3k5/4a4/4b4/9/9/9/9/4B4/4A4/3AKR3 w - - 0 1",
    "4ka3/4a4/4b3b/9/9/9/9/9/4C4/3K5 w - - 0 1",
    "3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1",
    "2bak4/4a4/4b4/9/2n6/9/9/4B4/4A4/2BAK1R2 w - - 0 1",
    "4k4/4a4/3a5/9/6p2/2P6/9/4B4/4A4/3AK4 w - - 0 1",
    NULL
};

#endif
