#!/usr/bin/env python3
"""Apply a profile of kernel tunables for build agents.

Replaces the old loop
    while read k v; do echo "$v" > /proc/sys/${k//.//}; done < tunables.conf
with dry-run support, verification and a revert file.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("knobs")
PROC_SYS = Path("/proc/sys")

PROFILES = {
    "build-agent": {
        "fs.inotify.max_user_watches": "524288",
        "fs.inotify.max_user_instances": "1024",
        "vm.swappiness": "10",
        "net.core.somaxconn": "4096",
        "net.ipv4.ip_local_port_range": "15000 64000",
    },
    "db-host": {
        "vm.swappiness": "1",
        "vm.dirty_background_ratio": "5",
        "vm.dirty_ratio": "15",
    },
}


@dataclass
class Knob:
    key: str
    wanted: str

    @property
    def path(self) -> Path:
        return PROC_SYS.joinpath(*self.key.split("."))

    def current(self) -> str:
        return " ".join(self.path.read_text().split())

    def apply(self) -> None:
        with open(self.path, "w") as fh:
            fh.write(self.wanted + "\n")


def load_extra(path):
    extra = {}
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            extra[k] = v
    return extra


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--extra", help="sysctl.conf-style file with more key = value lines")
    ap.add_argument("--revert-file", default="knobs-revert.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    table = dict(PROFILES[args.profile])
    if args.extra:
        table.update(load_extra(args.extra))

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write under %s", PROC_SYS)
        return 1

    revert, changed, failed = {}, 0, 0
    for key, value in sorted(table.items()):
        knob = Knob(key, value)
        if not knob.path.exists():
            log.warning("%s: not available on this kernel", key)
            continue
        before = knob.current()
        if before == " ".join(value.split()):
            log.info("%-34s already %s", key, before)
            continue
        log.info("%-34s %s -> %s%s", key, before, value, " (dry run)" if args.dry_run else "")
        if args.dry_run:
            continue
        try:
            knob.apply()
        except OSError as exc:
            log.error("%s: %s", key, exc)
            failed += 1
            continue
        revert[key] = before
        changed += 1

    if revert:
        Path(args.revert_file).write_text(json.dumps(revert, indent=2))
        log.info("revert data saved to %s", args.revert_file)
    log.info("%d changed, %d failed", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
