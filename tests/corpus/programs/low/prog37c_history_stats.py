#!/usr/bin/env python3
"""Summarise an exported shell history file.

Understands plain bash history, zsh EXTENDED_HISTORY lines
(``: 1700000000:0;git status``) and fish's YAML-ish ``- cmd:`` entries.
Produces a small local report: most used commands, busiest hours, and
candidates for aliases.  Lines that look like they contain credentials are
redacted before they appear anywhere in the report.
"""

import argparse
import collections
import datetime as dt
import json
import logging
import re
import shlex
import sys
from pathlib import Path

LOG = logging.getLogger("histstats")

ZSH_EXT = re.compile(r"^: (?P<ts>\d+):\d+;(?P<cmd>.*)$")
FISH_CMD = re.compile(r"^- cmd: (?P<cmd>.*)$")
FISH_WHEN = re.compile(r"^\s+when: (?P<ts>\d+)$")
SECRETISH = re.compile(
    r"(?i)(password|passwd|token|secret|api[_-]?key|authorization:)\s*[=:]\s*\S+"
)


class Entry:
    __slots__ = ("cmd", "ts")

    def __init__(self, cmd, ts=None):
        self.cmd = cmd
        self.ts = ts


def parse(lines):
    pending_fish = None
    for raw in lines:
        line = raw.rstrip("\n")
        if not line:
            continue
        m = ZSH_EXT.match(line)
        if m:
            yield Entry(m.group("cmd"), int(m.group("ts")))
            continue
        m = FISH_CMD.match(line)
        if m:
            if pending_fish is not None:
                yield pending_fish
            pending_fish = Entry(m.group("cmd"))
            continue
        m = FISH_WHEN.match(line)
        if m and pending_fish is not None:
            pending_fish.ts = int(m.group("ts"))
            yield pending_fish
            pending_fish = None
            continue
        if line.startswith("#") and line[1:].isdigit():
            continue  # bash HISTTIMEFORMAT stamp
        yield Entry(line)
    if pending_fish is not None:
        yield pending_fish


def redact(cmd):
    return SECRETISH.sub(lambda m: m.group(1) + "=<redacted>", cmd)


def head_word(cmd):
    try:
        words = shlex.split(cmd, posix=True)
    except ValueError:
        words = cmd.split()
    while words and "=" in words[0] and not words[0].startswith("-"):
        words.pop(0)  # skip FOO=bar prefixes
    return words[0] if words else ""


def analyse(entries, min_len, top):
    heads = collections.Counter()
    full = collections.Counter()
    hours = collections.Counter()
    total = 0
    for e in entries:
        total += 1
        safe = redact(e.cmd)
        heads[head_word(safe)] += 1
        full[safe] += 1
        if e.ts:
            hours[dt.datetime.fromtimestamp(e.ts).hour] += 1
    alias_candidates = [
        {"command": c, "count": n, "saves": (len(c) - 2) * n}
        for c, n in full.most_common(200)
        if len(c) >= min_len and n > 2
    ]
    alias_candidates.sort(key=lambda d: d["saves"], reverse=True)
    return {
        "total": total,
        "distinct": len(full),
        "top_programs": heads.most_common(top),
        "busiest_hours": sorted(hours.items(), key=lambda kv: -kv[1])[:5],
        "alias_candidates": alias_candidates[:top],
    }


def render_text(report, out=sys.stdout):
    print(f"{report['total']} commands, {report['distinct']} distinct", file=out)
    print("\nTop programs:", file=out)
    for name, n in report["top_programs"]:
        print(f"  {n:6d}  {name}", file=out)
    if report["busiest_hours"]:
        print("\nBusiest hours:", file=out)
        for hour, n in report["busiest_hours"]:
            print(f"  {hour:02d}:00  {n}", file=out)
    print("\nAlias candidates:", file=out)
    for c in report["alias_candidates"]:
        print(f"  {c['count']:4d}x  {c['command']}", file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("history", nargs="?", default="history_export.txt",
                    help="exported history file (default: ./history_export.txt)")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--min-len", type=int, default=12)
    ap.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    path = Path(args.history)
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            report = analyse(parse(fh), args.min_len, args.top)
    except FileNotFoundError:
        LOG.error("no such file: %s (export with `fc -ln 1 > %s`)", path, path)
        return 1

    render_text(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
        LOG.info("wrote %s", args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
