#!/usr/bin/env python3
"""Produce a short disk usage digest for the daily stand-up notes.

Runs a fixed `df` pipeline, parses the result, flags filesystems above a
threshold, and writes a Markdown summary into ./reports/.
"""

import argparse
import datetime as dt
import os
import subprocess
import sys
from dataclasses import dataclass

DF_PIPELINE = "df -hP -x tmpfs -x devtmpfs | tail -n +2 | sort -k5 -rn | head -n 15"
REPORT_DIR = "reports"


@dataclass
class FsRow:
    source: str
    size: str
    used: str
    avail: str
    pct: int
    mountpoint: str


def run_df():
    # fixed command string, no user input is interpolated
    result = subprocess.run(DF_PIPELINE, shell=True, capture_output=True,
                            text=True, timeout=30, check=False)
    if result.returncode != 0 and not result.stdout:
        raise RuntimeError(result.stderr.strip() or "df failed")
    return result.stdout


def parse(output):
    rows = []
    for line in output.splitlines():
        parts = line.split(None, 5)
        if len(parts) != 6:
            continue
        source, size, used, avail, pct, mount = parts
        try:
            pct_value = int(pct.rstrip("%"))
        except ValueError:
            continue
        rows.append(FsRow(source, size, used, avail, pct_value, mount))
    return rows


def to_markdown(rows, threshold, now):
    lines = [f"# Disk usage digest {now:%Y-%m-%d %H:%M}", ""]
    hot = [r for r in rows if r.pct >= threshold]
    if hot:
        lines.append(f"**{len(hot)} filesystem(s) at or above {threshold}%**")
    else:
        lines.append(f"All filesystems below {threshold}%.")
    lines += ["", "| mount | size | used | avail | use% |", "|---|---|---|---|---|"]
    for r in rows:
        flag = " ⚠" if r.pct >= threshold else ""
        lines.append(f"| {r.mountpoint} | {r.size} | {r.used} | {r.avail} | {r.pct}%{flag} |")
    return "\n".join(lines) + "\n"


def save(report, now):
    os.makedirs(REPORT_DIR, exist_ok=True)
    path = os.path.join(REPORT_DIR, f"disk-{now:%Y%m%d}.md")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(report)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=int, default=85)
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the digest instead of saving it")
    args = parser.parse_args(argv)

    try:
        rows = parse(run_df())
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"could not collect disk usage: {exc}", file=sys.stderr)
        return 1
    if not rows:
        print("no filesystems reported", file=sys.stderr)
        return 1

    now = dt.datetime.now()
    report = to_markdown(rows, args.threshold, now)
    if args.print_only:
        sys.stdout.write(report)
    else:
        print(f"digest written to {save(report, now)}")
    return 2 if any(r.pct >= args.threshold for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
