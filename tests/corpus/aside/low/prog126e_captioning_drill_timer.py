#!/usr/bin/env python3
"""Speed drills for CART captioners and interpreters who caption.

Runs phrase drills in the terminal, times each answer and keeps a local
history in drill_results.jsonl so you can see progress over the week.
`--report` summarises the history without running a drill.
"""
import argparse
import json
import logging
import random
import statistics
import sys
import time
from collections import defaultdict
from datetime import datetime
from pathlib import Path

log = logging.getLogger("caption-drills")

RESULTS = Path("drill_results.jsonl")
PHRASES = [
    "the interpreter will join the call in two minutes",
    "please hold while we connect you to the relay service",
    "could you repeat the policy number slowly",
    "the hearing is adjourned until nine thirty tomorrow",
    "your appointment has been moved to thursday afternoon",
]


def score(phrase, typed, secs):
    words = len(phrase.split())
    errors = sum(a != b for a, b in zip(typed, phrase)) + abs(len(typed) - len(phrase))
    wpm = words / (secs / 60) if secs else 0
    accuracy = max(0.0, 1 - errors / len(phrase))
    return round(wpm, 1), round(accuracy, 3)


def run_drill(rounds, phrases):
    scores = []
    for i in range(rounds):
        phrase = random.choice(phrases)
        print(f"\n[{i + 1}/{rounds}] {phrase}")
        t0 = time.perf_counter()
        typed = input("> ")
        wpm, accuracy = score(phrase, typed, time.perf_counter() - t0)
        print(f"    {wpm:.0f} wpm, {accuracy:.0%} accurate")
        scores.append({"phrase": phrase, "wpm": wpm, "accuracy": accuracy})
    with RESULTS.open("a") as fh:
        for s in scores:
            fh.write(json.dumps({"t": time.time(), **s}) + "\n")
    return scores


def report():
    if not RESULTS.exists():
        print("no history yet")
        return
    by_day = defaultdict(list)
    with RESULTS.open() as fh:
        for line in fh:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                log.warning("bad history line skipped")
                continue
            day = datetime.fromtimestamp(rec["t"]).date().isoformat()
            by_day[day].append(rec)
    print(f"{'day':<12} {'drills':>6} {'median wpm':>11} {'accuracy':>9}")
    for day in sorted(by_day):
        recs = by_day[day]
        print(f"{day:<12} {len(recs):>6} {statistics.median(r['wpm'] for r in recs):>11.1f} "
              f"{statistics.mean(r['accuracy'] for r in recs):>9.1%}")


def load_phrases(path):
    if path and path.exists():
        lines = [l.strip() for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
        if lines:
            return lines
    return PHRASES


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--phrases", type=Path, help="file with one drill phrase per line")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if args.report:
        report()
        return 0
    try:
        scores = run_drill(args.rounds, load_phrases(args.phrases))
    except (KeyboardInterrupt, EOFError):
        print()
        return 1
    avg = sum(s["wpm"] for s in scores) / len(scores)
    print(f"\naverage {avg:.0f} wpm over {len(scores)} phrases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
