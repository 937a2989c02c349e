#!/usr/bin/env python3
"""Count words in the .txt files of a folder.

Prints lines / words / characters per file, a total, and the most common
words across all files (ignoring a short list of stop words).
"""
import argparse
import re
from collections import Counter
from pathlib import Path

WORD_RE = re.compile(r"[A-Za-z']+")
STOP = {"the", "a", "an", "and", "or", "of", "to", "in", "is", "it", "that",
        "for", "on", "with", "as", "was", "be", "by", "at", "this", "i"}


def count_file(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    words = [w.lower() for w in WORD_RE.findall(text)]
    return text.count("\n"), words, len(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default=".")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--recursive", action="store_true")
    args = parser.parse_args()

    pattern = "**/*.txt" if args.recursive else "*.txt"
    files = sorted(Path(args.folder).glob(pattern))
    if not files:
        print("No .txt files found.")
        return

    common = Counter()
    tl = tw = tc = 0
    print(f"{'lines':>8}{'words':>9}{'chars':>10}  file")
    for f in files:
        lines, words, chars = count_file(f)
        common.update(w for w in words if w not in STOP)
        tl, tw, tc = tl + lines, tw + len(words), tc + chars
        print(f"{lines:8}{len(words):9}{chars:10}  {f}")
    print(f"{tl:8}{tw:9}{tc:10}  total ({len(files)} files)")

    print(f"\nTop {args.top} words:")
    for word, n in common.most_common(args.top):
        print(f"  {word:20} {n}")


if __name__ == "__main__":
    main()
