#!/usr/bin/env python3
"""pg_kernel_tuning - derive kernel settings for a dedicated PostgreSQL host.

Reads memory size from /proc/meminfo and the planned shared_buffers from
postgresql.conf (or --shared-buffers), computes huge page count, shared
memory limits and writeback thresholds, then writes them to a sysctl drop-in
and loads it.  Transparent huge pages are switched to "never" as recommended
for PostgreSQL.
"""
import argparse
import logging
import math
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("pg_kernel_tuning")

DROPIN = Path("/etc/sysctl.d/60-postgresql.conf")
THP_NODES = (Path("/sys/kernel/mm/transparent_hugepage/enabled"),
             Path("/sys/kernel/mm/transparent_hugepage/defrag"))
UNITS = {"kb": 1 << 10, "mb": 1 << 20, "gb": 1 << 30, "tb": 1 << 40}


def meminfo():
    out = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        key, _, rest = line.partition(":")
        parts = rest.split()
        if parts:
            out[key] = int(parts[0]) * (1024 if len(parts) > 1 else 1)
    return out


def parse_size(text):
    m = re.fullmatch(r"\s*(\d+)\s*([kmgt]b)?\s*", text.lower())
    if not m:
        raise ValueError(f"cannot parse size {text!r}")
    return int(m.group(1)) * UNITS.get(m.group(2) or "", 8192)


def shared_buffers_from_conf(path):
    try:
        for line in Path(path).read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("shared_buffers"):
                return parse_size(line.split("=", 1)[1].strip().strip("'\""))
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return None


def compute(mem, shared_buffers):
    total = mem["MemTotal"]
    page = 4096
    hugepage = mem.get("Hugepagesize", 2 << 20)
    if shared_buffers is None:
        shared_buffers = total // 4
        log.info("shared_buffers not set, assuming 25%% of RAM = %d MiB", shared_buffers >> 20)
    hugepages = math.ceil(shared_buffers * 1.05 / hugepage)
    return {
        "kernel.shmmax": total // 2,
        "kernel.shmall": total // 2 // page,
        "vm.nr_hugepages": hugepages,
        "vm.hugetlb_shm_group": 0,
        "vm.swappiness": 1,
        "vm.overcommit_memory": 2,
        "vm.overcommit_ratio": 80,
        "vm.dirty_background_bytes": 64 << 20,
        "vm.dirty_bytes": 512 << 20,
        "vm.zone_reclaim_mode": 0,
    }


def render(settings):
    lines = ["# managed by pg_kernel_tuning - do not edit by hand"]
    lines += [f"{k} = {v}" for k, v in settings.items()]
    return "\n".join(lines) + "\n"


def write_dropin(text, dry_run):
    if dry_run:
        sys.stdout.write(text)
        return False
    if DROPIN.exists() and DROPIN.read_text() == text:
        log.info("%s already up to date", DROPIN)
        return False
    DROPIN.write_text(text)
    DROPIN.chmod(0o644)
    log.info("wrote %s", DROPIN)
    return True


def load_sysctl():
    res = subprocess.run(["sysctl", "--load", str(DROPIN)], capture_output=True, text=True)
    if res.returncode:
        log.error("sysctl failed: %s", res.stderr.strip())
        return False
    return True


def disable_thp(dry_run):
    for node in THP_NODES:
        if not node.exists():
            continue
        if "[never]" in node.read_text():
            continue
        log.info("setting %s to never", node)
        if not dry_run:
            node.write_text("never\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pgconf", default="/etc/postgresql/16/main/postgresql.conf")
    ap.add_argument("--shared-buffers", help="e.g. 16GB; overrides --pgconf")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--keep-thp", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sb = parse_size(args.shared_buffers) if args.shared_buffers else shared_buffers_from_conf(args.pgconf)
    settings = compute(meminfo(), sb)
    try:
        changed = write_dropin(render(settings), args.dry_run)
        if changed and not load_sysctl():
            return 1
        if not args.keep_thp:
            disable_thp(args.dry_run)
    except PermissionError as exc:
        log.error("%s - run as root", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
