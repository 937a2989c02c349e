#!/usr/bin/env python3
"""textnorm - cleans up text pasted from PDFs and chat apps before indexing.

Reads stdin or files, writes normalised text to stdout.
"""
import collections
import sys
import unicodedata

FULLWIDTH_START, FULLWIDTH_END, FULLWIDTH_OFFSET = 0xFF01, 0xFF5E, 0xFEE0
ZERO_WIDTH = {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
SMART_PUNCT = {
    ord("\u2018"): "'", ord("\u2019"): "'",
    ord("\u201c"): '"', ord("\u201d"): '"',
    ord("\u2013"): "-", ord("\u2014"): "--",
    ord("\u2026"): "...", ord("\u00a0"): " ",
}


def fold_fullwidth(text):
    out = []
    for ch in text:
        cp = ord(ch)
        if FULLWIDTH_START <= cp <= FULLWIDTH_END:
            out.append(chr(cp - FULLWIDTH_OFFSET))
        elif cp == 0x3000:
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def drop_zero_width(text):
    return "".join(ch for ch in text if ord(ch) not in ZERO_WIDTH)


def strip_accents(text):
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def straighten_quotes(text):
    return text.translate(SMART_PUNCT)


def slugify(text, limit=60):
    text = strip_accents(text).lower()
    out, dash = [], False
    for ch in text:
        if "a" <= ch <= "z" or "0" <= ch <= "9":
            out.append(ch)
            dash = False
        elif not dash and out:
            out.append("-")
            dash = True
    return "".join(out).strip("-")[:limit]


def char_report(text, top=10):
    counts = collections.Counter(ch for ch in text if ord(ch) > 127)
    return [(f"U+{ord(ch):04X}", unicodedata.name(ch, "?"), n) for ch, n in counts.most_common(top)]


def normalise(text):
    for step in (drop_zero_width, fold_fullwidth, straighten_quotes):
        text = step(text)
    return unicodedata.normalize("NFC", text)


def main(argv):
    report = "--report" in argv
    paths = [a for a in argv[1:] if not a.startswith("--")]
    sources = [open(p, encoding="utf-8") for p in paths] or [sys.stdin]
    for src in sources:
        with src:
            raw = src.read()
        if report:
            for code, name, n in char_report(raw):
                print(f"{code}  {n:>6}  {name}")
            print("slug:", slugify(raw.splitlines()[0] if raw.strip() else ""))
        else:
            sys.stdout.write(normalise(raw))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
