#!/usr/bin/env python3
"""history-insights: local statistics about your shell history.

Understands plain bash history and zsh EXTENDED_HISTORY lines
(": 1700000000:0;git status").  Prints the most used commands, suggests
aliases for long commands you type often, and writes a Markdown report
into ./reports/.  Nothing leaves the machine.
"""
import argparse
import collections
import datetime as dt
import logging
import os
import re
import shlex
from pathlib import Path

LOG = logging.getLogger("history-insights")
ZSH_EXT = re.compile(r"^: (?P<ts>\d+):\d+;(?P<cmd>.*)$")
DEFAULT_CANDIDATES = ("~/.zsh_history", "~/.bash_history")


def locate_history(explicit=None):
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("HISTFILE")
    if env:
        return Path(env).expanduser()
    for cand in DEFAULT_CANDIDATES:
        p = Path(cand).expanduser()
        if p.exists():
            return p
    raise FileNotFoundError("no history file found; pass --histfile")


def iter_commands(path):
    """Yield (timestamp or None, command) tuples."""
    raw = path.read_bytes().decode("utf-8", errors="replace")
    pending = ""
    for line in raw.splitlines():
        if line.endswith("\\"):
            pending += line[:-1] + "\n"
            continue
        line = pending + line
        pending = ""
        m = ZSH_EXT.match(line)
        if m:
            yield dt.datetime.fromtimestamp(int(m["ts"])), m["cmd"]
        elif line.strip() and not line.startswith("#"):
            yield None, line


def head_word(cmd):
    try:
        parts = shlex.split(cmd, comments=True)
    except ValueError:
        parts = cmd.split()
    while parts and "=" in parts[0] and not parts[0].startswith("="):
        parts.pop(0)  # skip VAR=value prefixes
    return parts[0] if parts else None


class Insights:
    def __init__(self, entries, min_len=20):
        self.entries = list(entries)
        self.min_len = min_len

    def top_heads(self, n):
        return collections.Counter(
            h for _, c in self.entries if (h := head_word(c))
        ).most_common(n)

    def alias_candidates(self, n):
        long_cmds = collections.Counter(
            c.strip() for _, c in self.entries if len(c.strip()) >= self.min_len
        )
        return [(c, k) for c, k in long_cmds.most_common(n) if k > 2]

    def busiest_hours(self):
        hours = collections.Counter(ts.hour for ts, _ in self.entries if ts)
        return sorted(hours.items())


def render_report(ins, top):
    out = ["# Shell history insights", ""]
    out.append(f"Total commands analysed: **{len(ins.entries)}**\n")
    out.append("## Most used programs\n")
    for name, cnt in ins.top_heads(top):
        out.append(f"- `{name}` — {cnt}")
    out.append("\n## Alias suggestions\n")
    for idx, (cmd, cnt) in enumerate(ins.alias_candidates(top), 1):
        out.append(f"- `alias a{idx}='{cmd}'`  (typed {cnt}x)")
    hours = ins.busiest_hours()
    if hours:
        out.append("\n## Activity by hour\n")
        peak = max(c for _, c in hours)
        for hour, cnt in hours:
            bar = "#" * max(1, round(30 * cnt / peak))
            out.append(f"    {hour:02d}h {bar} {cnt}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Analyse shell history locally")
    ap.add_argument("--histfile")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--min-length", type=int, default=20)
    ap.add_argument("--out-dir", default="reports")
    ap.add_argument("--print", action="store_true", dest="to_stdout")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        hist = locate_history(args.histfile)
        ins = Insights(iter_commands(hist), args.min_length)
    except (OSError, FileNotFoundError) as exc:
        LOG.error("cannot read history: %s", exc)
        return 1

    report = render_report(ins, args.top)
    if args.to_stdout:
        print(report)
        return 0
    out_dir = Path(args.out_dir)
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"history-{dt.date.today():%Y%m%d}.md"
    target.write_text(report, encoding="utf-8")
    os.chmod(target, 0o600)
    LOG.info("report written to %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
