#!/usr/bin/env python3
"""shell_history_digest - turn shell history into a daily work log.

Reads bash and zsh history, groups commands by day and appends them to
./worklog/YYYY-MM-DD.md under a "Commands" heading.  A small state file
remembers how far each history file has been read so the next run only
picks up new commands.
"""
import argparse
import collections
import datetime as dt
import json
import logging
import os
import re
import sys
from pathlib import Path

log = logging.getLogger("history_digest")

HISTORY_SOURCES = {
    "bash": Path(os.environ.get("HISTFILE", Path.home() / ".bash_history")),
    "zsh": Path.home() / ".zsh_history",
}
STATE_FILE = Path(".history_digest_state.json")
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


def read_history(kind, path, offset):
    with path.open("rb") as fh:
        if offset > path.stat().st_size:
            offset = 0  # file was replaced or trimmed by the shell
        fh.seek(offset)
        raw = fh.read()
        end = fh.tell()
    parser = parse_zsh if kind == "zsh" else parse_bash
    return list(parser(raw.decode("utf-8", errors="replace").splitlines())), end


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


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("worklog"))
    ap.add_argument("--shell", choices=sorted(HISTORY_SOURCES), action="append",
                    help="only read this shell's history (repeatable)")
    ap.add_argument("--from-start", action="store_true",
                    help="ignore the saved offsets and read whole files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    today = dt.date.today()
    state = {} if args.from_start else load_state()
    shells = args.shell or list(HISTORY_SOURCES)
    total = 0
    for kind in shells:
        path = HISTORY_SOURCES[kind]
        if not path.is_file():
            log.debug("no %s history at %s", kind, path)
            continue
        try:
            entries, end = read_history(kind, path, state.get(str(path), 0))
        except OSError as exc:
            log.warning("cannot read %s: %s", path, exc)
            continue
        n = write_journal(args.out, group_by_day(entries, today), kind)
        state[str(path)] = end
        total += n
        log.info("%s: %d day page(s) updated", kind, n)

    STATE_FILE.write_text(json.dumps(state, indent=2))
    if total == 0:
        log.info("no new history found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
