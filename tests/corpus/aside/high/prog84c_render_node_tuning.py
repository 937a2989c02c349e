#!/usr/bin/env python3
"""Bring this render node's kernel tunables in line with the studio baseline.

Reads /proc/cpuinfo and the current values, compares them with
node_baseline.json and applies any drift so NFS frame reads and EXR writes
to the render SAN don't stall. Writes node_tuning_<host>.json in the working
directory with the before/after values.
"""
import argparse
import json
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("node-tuning")

BASELINE = {
    "net.core.rmem_max": 268435456,
    "net.core.wmem_max": 268435456,
    "vm.swappiness": 10,
    "sunrpc.tcp_slot_table_entries": 128,
}
THP_PATH = Path("/sys/kernel/mm/transparent_hugepage/enabled")


def cpu_threads(path="/proc/cpuinfo"):
    try:
        return sum(1 for l in Path(path).read_text().splitlines() if l.startswith("processor"))
    except OSError:
        return 0


class Tunable:
    root = Path("/proc/sys")

    def __init__(self, name):
        self.name = name
        self.path = self.root / name.replace(".", "/")

    def read(self):
        try:
            return int(self.path.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def write(self, value):
        try:
            with open(self.path, "w") as fh:
                fh.write(f"{value}\n")
            return True
        except PermissionError:
            tool = shutil.which("sysctl")
            if not tool:
                raise
            LOG.debug("direct write refused, using sysctl for %s", self.name)
            res = subprocess.run(["sudo", "-n", tool, "-w", f"{self.name}={value}"],
                                 capture_output=True, text=True)
            if res.returncode:
                LOG.error("could not set %s: %s", self.name, res.stderr.strip())
                return False
            return True


def set_thp(mode):
    try:
        current = THP_PATH.read_text()
    except OSError:
        return None
    if f"[{mode}]" in current:
        return False
    THP_PATH.write_text(mode)
    return True


def apply(baseline, dry_run=False):
    changes = {}
    for name, wanted in baseline.items():
        t = Tunable(name)
        before = t.read()
        if before is None or before == wanted:
            continue
        if not dry_run and not t.write(wanted):
            continue
        changes[name] = {"before": before, "after": wanted if not dry_run else before}
        LOG.info("%s: %s -> %s%s", name, before, wanted, " (dry run)" if dry_run else "")
    return changes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="node_baseline.json")
    ap.add_argument("--thp", default="madvise", choices=["always", "madvise", "never"])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    baseline = dict(BASELINE)
    bp = Path(args.baseline)
    if bp.exists():
        try:
            baseline.update(json.loads(bp.read_text()))
        except ValueError as exc:
            LOG.warning("bad baseline file: %s", exc)

    host = socket.gethostname().split(".")[0]
    LOG.info("%s: %d threads", host, cpu_threads())
    changes = apply(baseline, args.dry_run)
    if not args.dry_run:
        try:
            if set_thp(args.thp):
                changes["transparent_hugepage"] = args.thp
        except PermissionError:
            LOG.warning("no permission to change transparent hugepages")
    out = Path(f"node_tuning_{host}.json")
    out.write_text(json.dumps({"host": host, "changes": changes}, indent=2))
    LOG.info("%d change(s); report in %s", len(changes), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
