#!/usr/bin/env python3
"""Derive worker counts from the cgroup limits of the current process.

os.cpu_count() reports the host's CPUs, not the container's quota, so
gunicorn/celery started with ``workers = cpu_count * 2 + 1`` happily
oversubscribe a 0.5 CPU pod.  This helper reads *our own* cgroup's
cpu.max / memory.max (v2) or cpu.cfs_quota_us / memory.limit_in_bytes (v1)
and prints sensible settings, optionally as an env file in the working
directory for the entrypoint to source.
"""
import argparse
import logging
import math
import os
import sys
from pathlib import Path

LOG = logging.getLogger("cgroup-tuning")
CGROUP_ROOT = Path("/sys/fs/cgroup")
UNLIMITED_V1 = 1 << 62  # v1 reports "no limit" as a page-aligned huge number


class CgroupLimits:
    def __init__(self, cpus, memory_bytes, version):
        self.cpus = cpus
        self.memory_bytes = memory_bytes
        self.version = version

    def __repr__(self):
        mem = "unlimited" if self.memory_bytes is None else f"{self.memory_bytes >> 20} MiB"
        return f"CgroupLimits(v{self.version}, cpus={self.cpus:.2f}, memory={mem})"


def own_cgroup_paths():
    """Map controller -> relative cgroup path, from /proc/self/cgroup."""
    paths = {}
    with open("/proc/self/cgroup", encoding="ascii") as fh:
        for line in fh:
            hier_id, controllers, rel = line.rstrip("\n").split(":", 2)
            if hier_id == "0" and controllers == "":
                paths["unified"] = rel
            for ctl in controllers.split(","):
                if ctl:
                    paths[ctl] = rel
    return paths


def read_first(*candidates):
    for cand in candidates:
        try:
            return cand.read_text().strip()
        except (FileNotFoundError, PermissionError):
            LOG.debug("no %s", cand)
    return None


def limits_v2(rel):
    base = CGROUP_ROOT / rel.lstrip("/")
    cpus = float(os.cpu_count() or 1)
    raw = read_first(base / "cpu.max", CGROUP_ROOT / "cpu.max")
    if raw:
        quota, period = raw.split()
        if quota != "max":
            cpus = int(quota) / int(period)
    mem = read_first(base / "memory.max", CGROUP_ROOT / "memory.max")
    memory = None if mem in (None, "max") else int(mem)
    return CgroupLimits(cpus, memory, 2)


def limits_v1(paths):
    cpus = float(os.cpu_count() or 1)
    cpu_rel = paths.get("cpu", "/").lstrip("/")
    quota = read_first(CGROUP_ROOT / "cpu" / cpu_rel / "cpu.cfs_quota_us",
                       CGROUP_ROOT / "cpu,cpuacct" / "cpu.cfs_quota_us")
    period = read_first(CGROUP_ROOT / "cpu" / cpu_rel / "cpu.cfs_period_us",
                        CGROUP_ROOT / "cpu,cpuacct" / "cpu.cfs_period_us")
    if quota and period and int(quota) > 0:
        cpus = int(quota) / int(period)
    mem_rel = paths.get("memory", "/").lstrip("/")
    mem = read_first(CGROUP_ROOT / "memory" / mem_rel / "memory.limit_in_bytes",
                     CGROUP_ROOT / "memory" / "memory.limit_in_bytes")
    memory = int(mem) if mem and int(mem) < UNLIMITED_V1 else None
    return CgroupLimits(cpus, memory, 1)


def detect_limits():
    paths = own_cgroup_paths()
    if "unified" in paths and not any(k in paths for k in ("cpu", "memory")):
        return limits_v2(paths["unified"])
    return limits_v1(paths)


def recommend(limits, per_worker_mb):
    by_cpu = max(1, math.ceil(limits.cpus * 2) + 1)
    if limits.memory_bytes is None:
        return by_cpu
    by_mem = max(1, (limits.memory_bytes >> 20) // per_worker_mb)
    return int(min(by_cpu, by_mem))


def main():
    ap = argparse.ArgumentParser(description="worker sizing from cgroup limits")
    ap.add_argument("--per-worker-mb", type=int, default=256,
                    help="expected resident size of one worker (default 256)")
    ap.add_argument("--env-file", type=Path,
                    help="write WEB_CONCURRENCY=... to this file (relative to cwd)")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(name)s: %(message)s")

    try:
        limits = detect_limits()
    except OSError as exc:
        LOG.error("cannot read cgroup information: %s", exc)
        return 2

    workers = recommend(limits, args.per_worker_mb)
    LOG.info("%r -> %d workers", limits, workers)
    if args.env_file:
        target = Path.cwd() / args.env_file
        target.write_text(f"WEB_CONCURRENCY={workers}\nCPU_LIMIT={limits.cpus:.2f}\n")
        LOG.info("wrote %s", target)
    else:
        print(workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
