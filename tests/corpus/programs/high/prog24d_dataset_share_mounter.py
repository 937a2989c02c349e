#!/usr/bin/env python3
"""Attach the lab's shared dataset exports before a training session.

Reads ./datasets.toml, mounts each NFS export under /mnt/datasets/<name>
(read-only), raises the inotify watch limit so the dataloader's file
watcher can follow large directory trees, and prints a short inventory.
Use --detach to unmount everything again.

datasets.toml:
    [imagenet]
    export = "nas01.lab.example.com:/export/imagenet"
    options = "ro,vers=4.2,noatime,nconnect=8"
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("dsmount")

MOUNT_ROOT = Path("/mnt/datasets")
SYSCTL_SETTINGS = {
    "fs.inotify.max_user_watches": "1048576",
    "fs.inotify.max_user_instances": "1024",
}


def sh(*cmd: str, check: bool = True) -> subprocess.CompletedProcess:
    log.debug("+ %s", " ".join(cmd))
    return subprocess.run(list(cmd), capture_output=True, text=True, check=check)


def as_root(*cmd: str, check: bool = True) -> subprocess.CompletedProcess:
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return sh(*prefix, *cmd, check=check)


def is_mounted(path: Path) -> bool:
    with open("/proc/self/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def tune_kernel() -> None:
    for key, value in SYSCTL_SETTINGS.items():
        current = sh("sysctl", "-n", key, check=False).stdout.strip()
        if current and int(current) >= int(value):
            continue
        as_root("sysctl", "-w", f"{key}={value}")
        log.info("%s: %s -> %s", key, current or "?", value)


def attach(name: str, spec: dict) -> bool:
    target = MOUNT_ROOT / name
    if is_mounted(target):
        log.info("%s already mounted", target)
        return True
    as_root("mkdir", "-p", str(target))
    options = spec.get("options", "ro,vers=4.2,noatime")
    proc = as_root("mount", "-t", spec.get("type", "nfs4"), "-o", options, spec["export"], str(target), check=False)
    if proc.returncode != 0:
        log.error("mount of %s failed: %s", name, proc.stderr.strip())
        return False
    log.info("mounted %s -> %s", spec["export"], target)
    return True


def detach(name: str) -> None:
    target = MOUNT_ROOT / name
    if not is_mounted(target):
        return
    proc = as_root("umount", str(target), check=False)
    if proc.returncode != 0:
        log.warning("umount %s failed (%s), trying lazy unmount", target, proc.stderr.strip())
        as_root("umount", "-l", str(target), check=False)
    log.info("detached %s", target)


def inventory(name: str) -> str:
    target = MOUNT_ROOT / name
    try:
        usage = shutil.disk_usage(target)
        entries = sum(1 for _ in os.scandir(target))
    except OSError as exc:
        return f"{name:<14} unavailable ({exc})"
    return f"{name:<14} {entries:>7} entries  {usage.used / 2**40:6.2f} TiB used"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", type=Path, default=Path("datasets.toml"))
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--detach", action="store_true")
    ap.add_argument("--skip-sysctl", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")

    try:
        specs = tomllib.loads(args.config.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2
    names = [n for n in specs if not args.only or n in args.only]

    if args.detach:
        for name in names:
            detach(name)
        return 0

    if not args.skip_sysctl:
        tune_kernel()
    ok = [name for name in names if attach(name, specs[name])]
    for name in ok:
        print(inventory(name))
    return 0 if len(ok) == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
