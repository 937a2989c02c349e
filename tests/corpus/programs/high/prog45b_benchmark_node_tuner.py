#!/usr/bin/env python3
"""Put a compute node into a reproducible state before a STREAM/HPL run.

Used by the benchmarking team inside an exclusive allocation: flush the page
cache, pin the CPU frequency governor, set transparent huge pages, and
restore the previous values afterwards from a JSON snapshot.
"""
import argparse
import glob
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("nodetune")

KNOBS = {
    "thp": Path("/sys/kernel/mm/transparent_hugepage/enabled"),
    "thp_defrag": Path("/sys/kernel/mm/transparent_hugepage/defrag"),
    "numa_balancing": Path("/proc/sys/kernel/numa_balancing"),
    "swappiness": Path("/proc/sys/vm/swappiness"),
}
PROFILE = {"thp": "always", "thp_defrag": "madvise", "numa_balancing": "0", "swappiness": "1"}
GOVERNORS = "/sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor"
DROP_CACHES = Path("/proc/sys/vm/drop_caches")


def current(path: Path) -> str:
    raw = path.read_text().strip()
    if "[" in raw:  # e.g. "always [madvise] never"
        return raw[raw.index("[") + 1:raw.index("]")]
    return raw


def write_knob(path: Path, value: str, dry_run: bool):
    log.info("%s %s <- %s", "DRY" if dry_run else "SET", path, value)
    if not dry_run:
        with open(path, "w") as fh:
            fh.write(value + "\n")


def snapshot() -> dict:
    snap = {name: current(p) for name, p in KNOBS.items() if p.exists()}
    snap["governors"] = {g: Path(g).read_text().strip() for g in glob.glob(GOVERNORS)}
    return snap


def apply(governor: str, dry_run: bool):
    for name, value in PROFILE.items():
        if KNOBS[name].exists():
            write_knob(KNOBS[name], value, dry_run)
    for gov_file in sorted(glob.glob(GOVERNORS)):
        write_knob(Path(gov_file), governor, dry_run)
    write_knob(DROP_CACHES, "3", dry_run)


def restore(snap: dict, dry_run: bool):
    for name, value in snap.items():
        if name == "governors":
            for gov_file, gov in value.items():
                write_knob(Path(gov_file), gov, dry_run)
        elif name in KNOBS:
            write_knob(KNOBS[name], value, dry_run)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["apply", "restore", "show"])
    ap.add_argument("--governor", default="performance")
    ap.add_argument("--state", default="nodetune_state.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.action == "show":
            print(json.dumps(snapshot(), indent=2))
        elif args.action == "apply":
            Path(args.state).write_text(json.dumps(snapshot()))
            apply(args.governor, args.dry_run)
        else:
            restore(json.loads(Path(args.state).read_text()), args.dry_run)
    except PermissionError as exc:
        log.error("insufficient privileges: %s (run from the root prolog)", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
