#!/usr/bin/env python3
"""Summarise a saved `repquota -a` dump and flag users close to their limits.

The dump is produced on the file server by the storage team and copied into
the current working directory; this tool only parses it and writes a CSV.
"""
import argparse
import csv
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("quota-report")

LINE_RE = re.compile(
    r"^(?P<user>[\w.\-]+)\s+(?P<flags>[-+]{2})\s+(?P<used>\d+)\s+(?P<soft>\d+)\s+"
    r"(?P<hard>\d+)(?:\s+(?P<grace>\S+days|\S+:\S+|none))?"
)


@dataclass
class QuotaRow:
    user: str
    used_kb: int
    soft_kb: int
    hard_kb: int
    grace: str = ""
    filesystem: str = ""
    notes: list = field(default_factory=list)

    @property
    def pct_of_soft(self) -> float:
        return 100.0 * self.used_kb / self.soft_kb if self.soft_kb else 0.0


def read_os_name() -> str:
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def parse_dump(path: Path):
    filesystem = ""
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if raw.startswith("*** Report for user quotas on device"):
            filesystem = raw.rsplit(" ", 1)[-1]
            continue
        m = LINE_RE.match(raw.strip())
        if not m:
            continue
        yield QuotaRow(m["user"], int(m["used"]), int(m["soft"]), int(m["hard"]),
                       m["grace"] or "", filesystem)


def classify(row: QuotaRow, warn_pct: float) -> str:
    if row.hard_kb and row.used_kb >= row.hard_kb:
        return "HARD"
    if row.soft_kb and row.used_kb >= row.soft_kb:
        return "SOFT"
    if row.pct_of_soft >= warn_pct:
        return "WARN"
    return "OK"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dump", nargs="?", default="repquota.txt")
    ap.add_argument("--out", default="quota_overage.csv")
    ap.add_argument("--warn-pct", type=float, default=85.0)
    ap.add_argument("--all", action="store_true", help="include users that are OK")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dump = Path(args.dump)
    if not dump.is_file():
        log.error("dump file %s not found in %s", dump, Path.cwd())
        return 2

    rows = list(parse_dump(dump))
    log.info("parsed %d quota rows from %s (host OS: %s)", len(rows), dump, read_os_name())
    counts = {}
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["filesystem", "user", "used_mb", "soft_mb", "hard_mb", "pct", "state", "grace"])
        for row in sorted(rows, key=lambda r: r.pct_of_soft, reverse=True):
            state = classify(row, args.warn_pct)
            counts[state] = counts.get(state, 0) + 1
            if state == "OK" and not args.all:
                continue
            writer.writerow([row.filesystem, row.user, row.used_kb // 1024, row.soft_kb // 1024,
                             row.hard_kb // 1024, f"{row.pct_of_soft:.1f}", state, row.grace])
    log.info("summary: %s -> %s", ", ".join(f"{k}={v}" for k, v in sorted(counts.items())), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
