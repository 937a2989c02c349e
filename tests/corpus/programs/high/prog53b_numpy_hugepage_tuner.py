#!/usr/bin/env python3
"""Size the huge-page pool for large in-memory numpy / pandas workloads.

Reads /proc/meminfo, works out how many 2 MiB pages the requested working
set needs, and writes the kernel tunables directly.  Run before a long
feature-engineering job; use --show to only print the current values.
"""
import argparse
import logging
import math
import sys
from pathlib import Path

import numpy as np

LOG = logging.getLogger("hugepages")

TUNABLES = {
    "nr_hugepages": Path("/proc/sys/vm/nr_hugepages"),
    "overcommit_memory": Path("/proc/sys/vm/overcommit_memory"),
    "swappiness": Path("/proc/sys/vm/swappiness"),
    "thp_enabled": Path("/sys/kernel/mm/transparent_hugepage/enabled"),
    "thp_defrag": Path("/sys/kernel/mm/transparent_hugepage/defrag"),
}


def meminfo() -> dict:
    values = {}
    with open("/proc/meminfo") as fh:
        for line in fh:
            key, rest = line.split(":", 1)
            values[key] = int(rest.split()[0])  # kB
    return values


def read_tunable(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError as exc:
        return f"<{exc.strerror}>"


def write_tunable(name: str, value: str, dry_run: bool) -> None:
    path = TUNABLES[name]
    before = read_tunable(path)
    if dry_run:
        LOG.info("[dry-run] %s: %s -> %s", path, before, value)
        return
    with open(path, "w") as fh:
        fh.write(str(value))
    LOG.info("%s: %s -> %s", path, before, read_tunable(path))


def pages_needed(shape, dtype: str, copies: int) -> int:
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize * copies
    return math.ceil(nbytes / (2 * 1024 * 1024))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rows", type=int, default=200_000_000)
    ap.add_argument("--cols", type=int, default=8)
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--copies", type=int, default=2,
                    help="simultaneous copies the pipeline holds")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.show:
        for name, path in TUNABLES.items():
            print(f"{name:18s} {read_tunable(path)}")
        return 0

    mem = meminfo()
    need = pages_needed((args.rows, args.cols), args.dtype, args.copies)
    available = mem["MemAvailable"] // 2048
    LOG.info("working set needs %d huge pages, %d available", need, available)
    if need > available * 0.8:
        LOG.error("refusing: would reserve more than 80%% of available memory")
        return 1

    try:
        write_tunable("nr_hugepages", str(need), args.dry_run)
        write_tunable("thp_enabled", "madvise", args.dry_run)
        write_tunable("thp_defrag", "defer+madvise", args.dry_run)
        write_tunable("swappiness", "10", args.dry_run)
        write_tunable("overcommit_memory", "1", args.dry_run)
    except PermissionError:
        LOG.error("permission denied: run as root to change kernel tunables")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
