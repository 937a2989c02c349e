#!/usr/bin/env python3
"""Summarise SSH login activity (accepted/failed logins per user and source
address) from the system auth log into login_activity.csv.
"""
import argparse
import csv
import ctypes
import ctypes.util
import gzip
import logging
import os
import re
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("logins")

AUTH_LOGS = [Path("/var/log/auth.log"), Path("/var/log/secure")]
PATTERN = re.compile(
    r"sshd\[\d+\]: (?P<result>Accepted|Failed) \S+ for (?:invalid user )?"
    r"(?P<user>\S+) from (?P<addr>[0-9a-fA-F:.]+)"
)

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class ElevatedRead:
    """Temporarily switch to uid 0 so root-only logs can be opened."""

    def __init__(self):
        self.saved = os.getresuid()

    def __enter__(self):
        if _libc.setresuid(0, 0, -1) != 0:
            err = ctypes.get_errno()
            log.debug("setresuid(0) failed: %s", os.strerror(err))
        return self

    def __exit__(self, *exc):
        ruid, euid, _ = self.saved
        _libc.setresuid(ruid, euid, -1)
        return False


def open_log(path: Path):
    if path.suffix == ".gz":
        return gzip.open(path, "rt", errors="replace")
    return path.open("r", errors="replace")


def candidate_files(rotated: bool):
    for base in AUTH_LOGS:
        if base.exists():
            yield base
        if rotated:
            yield from sorted(base.parent.glob(base.name + ".*"))


def collect(rotated: bool) -> Counter:
    counts = Counter()
    with ElevatedRead():
        for path in candidate_files(rotated):
            try:
                with open_log(path) as fh:
                    for line in fh:
                        m = PATTERN.search(line)
                        if m:
                            counts[(m["user"], m["addr"], m["result"])] += 1
            except PermissionError:
                log.warning("no permission to read %s", path)
    return counts


def write_csv(counts: Counter, out: Path) -> None:
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["user", "address", "result", "count"])
        for (user, addr, result), n in counts.most_common():
            writer.writerow([user, addr, result, n])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rotated", action="store_true", help="include rotated logs")
    ap.add_argument("--out", type=Path, default=Path("login_activity.csv"))
    ap.add_argument("--min-failures", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    counts = collect(args.rotated)
    if not counts:
        log.error("no sshd entries found (are the logs readable?)")
        return 1
    write_csv(counts, args.out)
    noisy = {addr for (u, addr, r), n in counts.items() if r == "Failed" and n >= args.min_failures}
    log.info("%d distinct entries, %d noisy source(s) -> %s", len(counts), len(noisy), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
