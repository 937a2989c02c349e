#!/usr/bin/env python3
"""Tune kernel memory knobs for large-model training on this node.

Reserves 2 MiB hugepages for the pinned host buffers used by the data
pipeline, switches transparent hugepages to 'madvise' and relaxes the
overcommit policy so fork()-based dataloaders don't fail. Run as root.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("hugepage-tuner")

KNOBS = {
    "nr_hugepages": Path("/proc/sys/vm/nr_hugepages"),
    "overcommit_memory": Path("/proc/sys/vm/overcommit_memory"),
    "max_map_count": Path("/proc/sys/vm/max_map_count"),
    "thp_enabled": Path("/sys/kernel/mm/transparent_hugepage/enabled"),
    "thp_defrag": Path("/sys/kernel/mm/transparent_hugepage/defrag"),
}

PROFILES = {
    "train": {"overcommit_memory": "1", "max_map_count": "1048576",
              "thp_enabled": "madvise", "thp_defrag": "defer+madvise"},
    "default": {"overcommit_memory": "0", "max_map_count": "65530",
                "thp_enabled": "always", "thp_defrag": "madvise"},
}


def current(knob: str) -> str:
    raw = KNOBS[knob].read_text().strip()
    if "[" in raw:  # sysfs style "always [madvise] never"
        return raw[raw.index("[") + 1: raw.index("]")]
    return raw


def apply(knob: str, value: str, dry_run: bool) -> bool:
    before = current(knob)
    if before == value:
        log.info("%-18s already %s", knob, value)
        return False
    log.info("%-18s %s -> %s", knob, before, value)
    if not dry_run:
        with open(KNOBS[knob], "w") as fh:
            fh.write(value)
    return True


def hugepages_for(gib: float) -> int:
    meminfo = Path("/proc/meminfo").read_text().splitlines()
    size_kb = next(int(l.split()[1]) for l in meminfo if l.startswith("Hugepagesize"))
    return int(gib * 1024 * 1024 // size_kb)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", choices=sorted(PROFILES), default="train")
    ap.add_argument("--pinned-gib", type=float, default=32.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--save", type=Path, default=Path("hugepage_state.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("root required (or use --dry-run)")
        return 1

    args.save.write_text(json.dumps({k: current(k) for k in KNOBS}, indent=2))
    log.info("previous values saved to %s", args.save)

    wanted = dict(PROFILES[args.profile])
    if args.profile == "train":
        wanted["nr_hugepages"] = str(hugepages_for(args.pinned_gib))
    changed = 0
    for knob, value in wanted.items():
        try:
            changed += apply(knob, value, args.dry_run)
        except OSError as exc:
            log.error("could not set %s: %s", knob, exc)
    if "nr_hugepages" in wanted and not args.dry_run:
        got = current("nr_hugepages")
        if got != wanted["nr_hugepages"]:
            log.warning("kernel only reserved %s hugepages (memory fragmented?)", got)
    log.info("%d knob(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
