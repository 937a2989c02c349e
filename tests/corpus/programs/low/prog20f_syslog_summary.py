#!/usr/bin/env python3
"""Summarise /var/log/syslog.

Reads the system log (read-only), counts messages per program and
severity keyword, and prints the busiest programs and the most recent
error lines.  Nothing is modified.
"""
import argparse
import logging
import re
import sys
from collections import Counter, deque
from pathlib import Path

log = logging.getLogger("syslog-summary")

DEFAULT_CANDIDATES = ("/var/log/syslog", "/var/log/messages")
LINE_RE = re.compile(
    r"^(?P<ts>\S+(?:\s+\d+\s+[\d:]+)?)\s+(?P<host>\S+)\s+"
    r"(?P<prog>[^\s\[:]+)(?:\[(?P<pid>\d+)\])?:\s?(?P<msg>.*)$")
LEVEL_WORDS = {
    "error": re.compile(r"\b(error|failed|failure|fatal)\b", re.I),
    "warning": re.compile(r"\b(warn|warning|deprecated)\b", re.I),
}


class Summary:
    def __init__(self, keep_errors: int):
        self.total = 0
        self.unparsed = 0
        self.programs = Counter()
        self.levels = Counter()
        self.recent_errors = deque(maxlen=keep_errors)

    def feed(self, line: str) -> None:
        self.total += 1
        m = LINE_RE.match(line)
        if not m:
            self.unparsed += 1
            return
        prog = m.group("prog")
        msg = m.group("msg")
        self.programs[prog] += 1
        for level, pattern in LEVEL_WORDS.items():
            if pattern.search(msg):
                self.levels[level] += 1
                if level == "error":
                    self.recent_errors.append(f"{m.group('ts')} {prog}: {msg[:160]}")
                break

    def render(self, top: int) -> str:
        out = [f"lines: {self.total} (unparsed {self.unparsed})",
               f"errors: {self.levels['error']}  warnings: {self.levels['warning']}",
               f"top {top} programs:"]
        for prog, count in self.programs.most_common(top):
            out.append(f"  {count:8d}  {prog}")
        if self.recent_errors:
            out.append("recent errors:")
            out.extend(f"  {e}" for e in self.recent_errors)
        return "\n".join(out)


def pick_log(explicit) -> Path:
    if explicit:
        return Path(explicit)
    for candidate in DEFAULT_CANDIDATES:
        if Path(candidate).exists():
            return Path(candidate)
    raise FileNotFoundError("no syslog file found; pass --file")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Print a summary of the system log")
    ap.add_argument("--file", help="log file to read (default /var/log/syslog)")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--errors", type=int, default=5, help="recent errors to show")
    ap.add_argument("--grep", help="only count lines containing this text")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    summary = Summary(args.errors)
    try:
        path = pick_log(args.file)
        log.info("reading %s", path)
        with path.open("r", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if args.grep and args.grep not in line:
                    continue
                summary.feed(line.rstrip("\n"))
    except PermissionError:
        log.error("permission denied; add yourself to the 'adm' group to read logs")
        return 1
    except OSError as exc:
        log.error("%s", exc)
        return 1
    print(summary.render(args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
