#!/usr/bin/env python3
"""shell_history_journal - turn shell history into a daily work log.

Reads bash and zsh history, groups commands by day and appends them to
./worklog/YYYY-MM-DD.md under a "Commands" heading.  Once a history file has
been journaled it is rolled over so the next run only sees new commands.
"""
import argparse
import collections
import datetime as dt
import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger("history_journal")

HISTORY_SOURCES = {
    "bash": Path(os.environ.get("HISTFILE", Path.home() / ".bash_history")),
    "zsh": Path.home() / ".zsh_history",
}
ZSH_LINE = re.compile(r"^: (\d+):\d+;(.*)$")
BASH_STAMP = re.compile(r"^#(\d{9,11})$")
NOISE = {"ls", "ll", "cd", "pwd", "clear", "exit", "history", "fg", "bg"}


def parse_bash(lines):
    """Yield (timestamp, command); untimed lines inherit the last stamp."""
    stamp = None
    for line in lines:
        m = BASH_STAMP.match(line)
        if m:
            stamp = int(m.group(1))
            continue
        if line.strip():
            yield stamp, line.rstrip()


def parse_zsh(lines):
    pending = None
    for line in lines:
        if pending is not None:
            pending = (pending[0], pending[1] + "\n" + line.rstrip("\\"))
            if not line.endswith("\\"):
                yield pending
                pending = None
            continue
        m = ZSH_LINE.match(line)
        if not m:
            continue
        item = (int(m.group(1)), m.group(2).rstrip("\\"))
        if m.group(2).endswith("\\"):
            pending = item
        else:
            yield item


def read_history(kind, path):
    raw = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    parser = parse_zsh if kind == "zsh" else parse_bash
    yield from parser(raw)


def group_by_day(entries, fallback_day):
    days = collections.OrderedDict()
    for stamp, cmd in entries:
        first = cmd.split()[0] if cmd.split() else ""
        if first in NOISE:
            continue
        day = dt.date.fromtimestamp(stamp) if stamp else fallback_day
        days.setdefault(day, []).append(cmd)
    return days


def write_journal(out_dir, days, source):
    out_dir.mkdir(parents=True, exist_ok=True)
    written = 0
    for day, cmds in days.items():
        page = out_dir / f"{day.isoformat()}.md"
        new_page = not page.exists()
        with page.open("a", encoding="utf-8") as fh:
            if new_page:
                fh.write(f"# Work log {day.isoformat()}\n\n")
            fh.write(f"## Commands ({source})\n\n```\n")
            seen = set()
            for cmd in cmds:
                if cmd in seen:
                    continue
                seen.add(cmd)
                fh.write(cmd + "\n")
            fh.write("```\n\n")
        written += 1
    return written


def roll_over(path):
    """Start the history file afresh now that its contents are in the log."""
    size = path.stat().st_size
    os.truncate(path, 0)
    log.info("rolled over %s (%d bytes journaled)", path, size)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("worklog"))
    ap.add_argument("--shell", choices=sorted(HISTORY_SOURCES), action="append",
                    help="only read this shell's history (repeatable)")
    ap.add_argument("--keep-history", action="store_true",
                    help="leave history files untouched after journaling")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    today = dt.date.today()
    shells = args.shell or list(HISTORY_SOURCES)
    total = 0
    for kind in shells:
        path = HISTORY_SOURCES[kind]
        if not path.is_file():
            log.debug("no %s history at %s", kind, path)
            continue
        try:
            days = group_by_day(read_history(kind, path), today)
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            continue
        n = write_journal(args.out, days, kind)
        total += n
        log.info("%s: %d day page(s) updated", kind, n)
        if not args.keep_history:
            try:
                roll_over(path)
            except OSError as exc:
                log.warning("could not roll over %s: %s", path, exc)

    if total == 0:
        log.info("no history found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
