#!/usr/bin/env python3
"""Summarise escape times for a room from the session export.

Typical use from the nightly shell job:

    ROOM_NAME=vault cut -d, -f1-5 sessions.csv | python3 session_times_report.py -

Writes a Markdown report plus a KEY=VALUE summary file that the shell
side reads back with `while IFS='=' read -r key value`.
"""
import argparse
import csv
import logging
import os
import statistics
import sys
from pathlib import Path

LOG = logging.getLogger("session-report")


class Session:
    __slots__ = ("team", "players", "seconds", "hints", "escaped")

    def __init__(self, row):
        self.team = row["team"].strip()
        self.players = int(row.get("players") or 0)
        self.seconds = int(float(row["seconds"]))
        self.hints = int(row.get("hints") or 0)
        self.escaped = row.get("escaped", "").strip().lower() in ("1", "yes", "true")


def read_sessions(stream):
    sessions, bad = [], 0
    for row in csv.DictReader(stream):
        try:
            sessions.append(Session(row))
        except (KeyError, ValueError):
            bad += 1
    if bad:
        LOG.warning("skipped %d malformed rows", bad)
    return sessions


def mmss(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def summarise(sessions):
    escaped = [s for s in sessions if s.escaped]
    times = [s.seconds for s in escaped]
    return {
        "SESSIONS": len(sessions),
        "ESCAPED": len(escaped),
        "ESCAPE_RATE": round(100 * len(escaped) / len(sessions), 1) if sessions else 0,
        "MEDIAN_SECONDS": int(statistics.median(times)) if times else 0,
        "BEST_SECONDS": min(times) if times else 0,
        "AVG_HINTS": round(statistics.mean(s.hints for s in sessions), 2) if sessions else 0,
    }


def write_markdown(path, room, summary, sessions):
    best = sorted((s for s in sessions if s.escaped), key=lambda s: s.seconds)[:5]
    lines = [f"# {room} - session report", "",
             f"- Sessions: {summary['SESSIONS']}",
             f"- Escape rate: {summary['ESCAPE_RATE']}%",
             f"- Median escape: {mmss(summary['MEDIAN_SECONDS'])}",
             f"- Average hints: {summary['AVG_HINTS']}", "", "## Fastest teams", ""]
    lines += [f"{i}. {s.team} - {mmss(s.seconds)} ({s.hints} hints)"
              for i, s in enumerate(best, 1)] or ["(none)"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_env(path, room, summary):
    with path.open("w", encoding="utf-8") as fh:
        fh.write(f"ROOM={room}\n")
        for key, value in summary.items():
            fh.write(f"{key}={value}\n")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("source", help="CSV file, or - for stdin")
    p.add_argument("--room", default=os.environ.get("ROOM_NAME", "room"))
    p.add_argument("--out-dir", default=os.environ.get("REPORT_DIR", "./reports"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        if args.source == "-":
            sessions = read_sessions(sys.stdin)
        else:
            with open(args.source, newline="", encoding="utf-8") as fh:
                sessions = read_sessions(fh)
    except OSError as exc:
        LOG.error("cannot read sessions: %s", exc)
        return 1

    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = summarise(sessions)
    write_markdown(out / f"{args.room}.md", args.room, summary, sessions)
    write_env(out / f"{args.room}.env", args.room, summary)
    print(f"{args.room} {summary['SESSIONS']} {summary['ESCAPE_RATE']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
