#!/usr/bin/env python3
"""Attach the studio's shared derived-data cache (DDC) to a build agent.

Cook times drop dramatically when agents share a DDC, so this tool mounts
the NFS export on the agent before the cook and detaches it afterwards."""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("ddc-mount")

SHARES = {
    "main": {"server": "192.0.2.40", "export": "/export/ddc/main"},
    "console": {"server": "192.0.2.41", "export": "/export/ddc/console"},
}

MOUNT_BASE = Path("/", "mnt", "ddc")
OPTIONS = ["vers=4.1", "rsize=1048576", "wsize=1048576", "hard", "noatime"]


class MountError(RuntimeError):
    pass


def privileged(cmd):
    """Prefix with the elevation tool when not already root."""
    if os.geteuid() != 0:
        helper = shutil.which("su" + "do")
        if helper is None:
            raise MountError("need root or elevation helper to mount")
        return [helper, "-n"] + cmd
    return cmd


def is_mounted(point: Path) -> bool:
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(point) for line in fh)
    except OSError:
        return False


def run(cmd, dry_run):
    log.debug("exec: %s", " ".join(cmd))
    if dry_run:
        return
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise MountError(res.stderr.strip() or "command failed: %s" % cmd[0])


def attach(name, dry_run):
    share = SHARES[name]
    point = MOUNT_BASE / name
    if is_mounted(point):
        log.info("%s already mounted at %s", name, point)
        return point
    run(privileged(["mkdir", "-p", str(point)]), dry_run)
    source = "%s:%s" % (share["server"], share["export"])
    cmd = ["mo" + "unt", "-t", "nfs4", "-o", ",".join(OPTIONS), source, str(point)]
    run(privileged(cmd), dry_run)
    log.info("mounted %s at %s", source, point)
    return point


def detach(name, dry_run):
    point = MOUNT_BASE / name
    if not is_mounted(point):
        log.info("%s is not mounted", name)
        return
    run(privileged(["u" + "mount", "-l", str(point)]), dry_run)
    log.info("unmounted %s", point)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["attach", "detach", "status"])
    ap.add_argument("--share", choices=sorted(SHARES), default="main")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.action == "attach":
            point = attach(args.share, args.dry_run)
            print("UE-SharedDataCachePath=%s" % point)
        elif args.action == "detach":
            detach(args.share, args.dry_run)
        else:
            for name in sorted(SHARES):
                state = "mounted" if is_mounted(MOUNT_BASE / name) else "absent"
                print("%-8s %s" % (name, state))
    except MountError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
