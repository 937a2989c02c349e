#!/usr/bin/env python3
"""Size shared memory for PyTorch DataLoader workers on a training node.

DataLoader workers pass batches through /dev/shm; with many workers and large
images the default 64M/50% limits cause "bus error" crashes.  This computes
what the job needs from the loader settings and raises the kernel limits and
the /dev/shm tmpfs size to match.

    shm-tune --workers 16 --batch-size 256 --sample-mb 0.6 --prefetch 4
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("shm-tune")

PROC_SYS = Path("/proc/sys")
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class LoaderProfile:
    workers: int
    batch_size: int
    sample_mb: float
    prefetch: int
    ranks: int

    def required_bytes(self, headroom=1.5):
        per_batch = self.batch_size * self.sample_mb * (1 << 20)
        in_flight = self.workers * self.prefetch * self.ranks
        return int(per_batch * in_flight * headroom)


class KernelParams:
    """Thin accessor for the few sysctls that matter to shared memory."""

    keys = ("kernel/shmmax", "kernel/shmall", "kernel/shmmni", "vm/max_map_count")

    def read(self, key):
        return int((PROC_SYS / key).read_text().split()[0])

    def write(self, key, value):
        target = PROC_SYS / key
        log.info("set %s = %s", key.replace("/", "."), value)
        target.write_text(f"{value}\n")

    def snapshot(self):
        out = {}
        for key in self.keys:
            try:
                out[key] = self.read(key)
            except OSError:
                out[key] = None
        return out


def shm_size(path="/dev/shm"):
    st = os.statvfs(path)
    return st.f_blocks * st.f_frsize


def remount_shm(size_bytes):
    size_mb = -(-size_bytes // (1 << 20))
    cmd = ["mount", "-o", f"remount,size={size_mb}M", "/dev/shm"]
    log.info("remounting /dev/shm with %d MiB", size_mb)
    subprocess.run(cmd, check=True)


def plan(profile, params):
    need = profile.required_bytes()
    changes = {}
    current = params.snapshot()
    if (current.get("kernel/shmmax") or 0) < need:
        changes["kernel/shmmax"] = need
    pages = -(-need // PAGE)
    if (current.get("kernel/shmall") or 0) < pages:
        changes["kernel/shmall"] = pages
    maps = 65530 * max(1, profile.workers // 4)
    if (current.get("vm/max_map_count") or 0) < maps:
        changes["vm/max_map_count"] = maps
    return need, current, changes


def main(argv=None):
    p = argparse.ArgumentParser(description="size /dev/shm and SysV limits for dataloaders")
    p.add_argument("--workers", type=int, default=8)
    p.add_argument("--batch-size", type=int, default=128)
    p.add_argument("--sample-mb", type=float, default=0.5)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--ranks", type=int, default=int(os.environ.get("LOCAL_WORLD_SIZE", "1")))
    p.add_argument("--plan-only", action="store_true", help="print the plan, change nothing")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    profile = LoaderProfile(args.workers, args.batch_size, args.sample_mb,
                            args.prefetch, args.ranks)
    params = KernelParams()
    need, current, changes = plan(profile, params)
    shm_now = shm_size()

    summary = {"profile": asdict(profile), "required_bytes": need,
               "dev_shm_bytes": shm_now, "current": current, "changes": changes}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        log.info("need %.1f GiB of shared memory, /dev/shm has %.1f GiB",
                 need / (1 << 30), shm_now / (1 << 30))

    if args.plan_only:
        return 0

    failed = False
    for key, value in changes.items():
        try:
            params.write(key, value)
        except PermissionError:
            log.error("cannot write %s (run on the node as root)", key)
            failed = True
    if shm_now < need:
        try:
            remount_shm(need)
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.error("remount failed: %s", exc)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
