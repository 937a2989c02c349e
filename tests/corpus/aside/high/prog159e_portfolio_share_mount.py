#!/usr/bin/env python3
"""Mounts the artists' portfolio share from the back-office NAS.

Artists keep their finished-piece photos on the NAS; the design stations
mount the share at login so the portfolio viewer can find them.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("portfolio-mount")

SHARES = {
    "portfolio": {"server": "192.0.2.40", "export": "/volume1/portfolio", "mountpoint": "/mnt/portfolio"},
    "flash": {"server": "192.0.2.40", "export": "/volume1/flash", "mountpoint": "/mnt/flash"},
}
NFS_OPTIONS = "vers=4.1,rw,soft,timeo=50,retrans=3,_netdev"


def is_mounted(mountpoint):
    target = os.path.realpath(mountpoint)
    with open("/proc/mounts", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) > 1 and parts[1] == target:
                return True
    return False


def elevate(cmd):
    if os.geteuid() == 0:
        return cmd
    return ["sudo", "-n"] + cmd


def reachable(server, attempts=3):
    for attempt in range(1, attempts + 1):
        rc = subprocess.run(["ping", "-c", "1", "-W", "2", server],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        if rc == 0:
            return True
        log.info("NAS %s not answering (attempt %d)", server, attempt)
        time.sleep(2)
    return False


def ensure_mountpoint(path):
    if Path(path).is_dir():
        return
    subprocess.run(elevate(["mkdir", "-p", path]), check=True)


def mount_share(name, share, dry_run=False):
    mp = share["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted at %s", name, mp)
        return True
    source = "{}:{}".format(share["server"], share["export"])
    cmd = elevate(["mount", "-t", "nfs", "-o", NFS_OPTIONS, source, mp])
    if dry_run:
        log.info("would run: %s", " ".join(cmd))
        return True
    ensure_mountpoint(mp)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("mount of %s failed: %s", name, result.stderr.strip())
        return False
    log.info("mounted %s at %s", source, mp)
    return True


def unmount_share(name, share):
    mp = share["mountpoint"]
    if not is_mounted(mp):
        return True
    result = subprocess.run(elevate(["umount", mp]), capture_output=True, text=True)
    if result.returncode != 0:
        log.error("umount of %s failed: %s", name, result.stderr.strip())
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description="Mount NAS shares for the design station")
    parser.add_argument("--share", action="append", choices=sorted(SHARES))
    parser.add_argument("--unmount", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    wanted = args.share or sorted(SHARES)
    ok = True
    for name in wanted:
        share = SHARES[name]
        if args.unmount:
            ok &= unmount_share(name, share)
            continue
        if not reachable(share["server"]):
            log.error("skipping %s, NAS unreachable", name)
            ok = False
            continue
        ok &= mount_share(name, share, args.dry_run)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
