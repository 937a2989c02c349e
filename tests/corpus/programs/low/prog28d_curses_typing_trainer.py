#!/usr/bin/env python3
"""Terminal typing trainer.

Pick a passage from passages.txt (one per paragraph), let the user type it in a
curses window, then record words-per-minute and accuracy in typing_stats.json in
the current directory.  Only keys typed into this window are looked at.
"""
import argparse
import curses
import hashlib
import json
import logging
import os
import random
import time
from dataclasses import dataclass, field

STATS_FILE = "typing_stats.json"
DEFAULT_PASSAGES = [
    "The quick brown fox jumps over the lazy dog.",
    "Sphinx of black quartz, judge my vow.",
    "Pack my box with five dozen liquor jugs.",
]

log = logging.getLogger("typing")


@dataclass
class Attempt:
    passage_key: str
    wpm: float
    accuracy: float
    when: float = field(default_factory=time.time)


def load_passages(path):
    if not os.path.exists(path):
        log.info("no %s, using built-in passages", path)
        return list(DEFAULT_PASSAGES)
    with open(path, encoding="utf-8") as fh:
        chunks = [c.strip().replace("\n", " ") for c in fh.read().split("\n\n")]
    return [c for c in chunks if c] or list(DEFAULT_PASSAGES)


def passage_key(text):
    # short, stable key for the stats table -- not used for anything secret
    return hashlib.md5(text.encode("utf-8")).hexdigest()[:10]


def load_stats():
    try:
        with open(STATS_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"attempts": []}


def save_stats(stats):
    with open(STATS_FILE, "w", encoding="utf-8") as fh:
        json.dump(stats, fh, indent=2)
    os.chmod(STATS_FILE, 0o600)


def run_round(stdscr, target):
    curses.curs_set(1)
    curses.init_pair(1, curses.COLOR_GREEN, curses.COLOR_BLACK)
    curses.init_pair(2, curses.COLOR_RED, curses.COLOR_BLACK)
    typed = []
    started = None
    while True:
        stdscr.erase()
        stdscr.addstr(0, 0, "Type the text below (Esc to quit):")
        stdscr.addstr(2, 0, target)
        for i, ch in enumerate(typed):
            ok = i < len(target) and ch == target[i]
            stdscr.addstr(4, i, ch, curses.color_pair(1 if ok else 2))
        stdscr.refresh()
        if len(typed) >= len(target):
            break
        key = stdscr.get_wch()
        if started is None:
            started = time.monotonic()
        if key == "\x1b":
            return None
        if key in ("\x7f", "\b", curses.KEY_BACKSPACE):
            if typed:
                typed.pop()
            continue
        if isinstance(key, str) and key.isprintable():
            typed.append(key)
    elapsed = max(time.monotonic() - (started or time.monotonic()), 0.001)
    correct = sum(1 for a, b in zip(typed, target) if a == b)
    wpm = (len(target) / 5.0) / (elapsed / 60.0)
    return Attempt(passage_key(target), round(wpm, 1), round(100.0 * correct / len(target), 1))


def show_summary(stats, limit):
    rows = stats["attempts"][-limit:]
    if not rows:
        print("no attempts yet")
        return
    for row in rows:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["when"]))
        print(f"{stamp}  {row['wpm']:6.1f} wpm  {row['accuracy']:5.1f}%  [{row['passage_key']}]")
    best = max(r["wpm"] for r in rows)
    print(f"best of last {len(rows)}: {best:.1f} wpm")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--passages", default="passages.txt")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--history", type=int, metavar="N", help="print last N results and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    stats = load_stats()
    if args.history:
        show_summary(stats, args.history)
        return

    passages = load_passages(args.passages)
    for n in range(args.rounds):
        target = random.choice(passages)
        result = curses.wrapper(run_round, target)
        if result is None:
            break
        stats["attempts"].append(result.__dict__)
        print(f"round {n + 1}: {result.wpm} wpm, {result.accuracy}% accurate")
    save_stats(stats)


if __name__ == "__main__":
    main()
