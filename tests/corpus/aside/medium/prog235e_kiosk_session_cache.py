#!/usr/bin/env python3
"""Kiosk session cache inspector.

The quiz-wall exhibit app pickles each visitor session (answers, timings,
language) into ./session_cache/. This tool loads them, prints per-language
and per-question statistics and prunes cache files older than N days, using
`find` so the pruning matches what the nightly shell job does.
"""
import argparse
import collections
import glob
import logging
import os
import pickle
import statistics
import subprocess
import sys
import time

log = logging.getLogger("session-cache")


class SessionStats:
    def __init__(self):
        self.languages = collections.Counter()
        self.correct = collections.Counter()
        self.asked = collections.Counter()
        self.durations = []

    def add(self, session):
        self.languages[session.get("language", "unknown")] += 1
        self.durations.append(float(session.get("duration_s", 0)))
        for qid, answer in session.get("answers", {}).items():
            self.asked[qid] += 1
            if answer.get("correct"):
                self.correct[qid] += 1

    def report(self):
        lines = ["sessions: %d" % sum(self.languages.values())]
        if self.durations:
            lines.append("median duration: %.1fs" % statistics.median(self.durations))
        for lang, n in self.languages.most_common():
            lines.append("  language %-6s %d" % (lang, n))
        for qid in sorted(self.asked):
            rate = 100.0 * self.correct[qid] / self.asked[qid]
            lines.append("  question %-8s %5.1f%% correct (%d)" % (qid, rate, self.asked[qid]))
        return "\n".join(lines)


def load_sessions(cache_dir):
    for path in sorted(glob.glob(os.path.join(cache_dir, "*.pkl"))):
        try:
            with open(path, "rb") as fh:
                yield pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError) as exc:
            log.warning("skipping %s: %s", path, exc)


def prune(cache_dir, days, dry_run):
    cmd = ["find", cache_dir, "-maxdepth", "1", "-name", "*.pkl", "-mtime", "+%d" % days]
    cmd += ["-print"] if dry_run else ["-print", "-delete"]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("find failed: %s", res.stderr.strip())
        return 0
    removed = [l for l in res.stdout.splitlines() if l]
    log.info("%s %d old cache file(s)", "would remove" if dry_run else "removed", len(removed))
    return len(removed)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--cache-dir", default=os.environ.get("QUIZ_CACHE", "./session_cache"))
    p.add_argument("--prune-days", type=int, default=0, help="0 disables pruning")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--out", default="session_report.txt")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not os.path.isdir(args.cache_dir):
        log.error("cache dir %s does not exist", args.cache_dir)
        return 1
    stats = SessionStats()
    count = 0
    for session in load_sessions(args.cache_dir):
        if isinstance(session, dict):
            stats.add(session)
            count += 1
    text = stats.report()
    print(text)
    with open(args.out, "w") as fh:
        fh.write("generated %s\n%s\n" % (time.strftime("%F %T"), text))
    log.info("loaded %d sessions, report in %s", count, args.out)
    if args.prune_days > 0:
        prune(args.cache_dir, args.prune_days, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
