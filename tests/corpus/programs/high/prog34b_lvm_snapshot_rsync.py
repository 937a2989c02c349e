#!/usr/bin/env python3
"""Crash-consistent backup of a logical volume via an LVM snapshot.

1. lvcreate a short-lived copy-on-write snapshot of the origin LV
2. mount it read-only under /mnt/lvsnap-<lv>
3. rsync the frozen tree to the backup destination
4. unmount and remove the snapshot, even on failure

Needs root; privileged steps are run through sudo so the script itself can be
started by the backup operator account.
"""
import argparse
import contextlib
import json
import logging
import os
import shlex
import subprocess
import sys
import time

log = logging.getLogger("lvsnap")


def run(cmd, privileged=False, check=True, capture=False):
    if privileged and os.geteuid() != 0:
        cmd = ["sudo", "-n"] + cmd
    log.debug("exec: %s", shlex.join(cmd))
    return subprocess.run(cmd, check=check, text=True,
                          capture_output=capture)


def lv_info(vg, lv):
    out = run(["lvs", "--reportformat", "json", "-o", "lv_name,lv_size,data_percent",
               f"{vg}/{lv}"], privileged=True, capture=True).stdout
    rows = json.loads(out)["report"][0]["lv"]
    if not rows:
        raise RuntimeError(f"logical volume {vg}/{lv} not found")
    return rows[0]


@contextlib.contextmanager
def lvm_snapshot(vg, lv, size):
    snap = f"{lv}-bksnap-{int(time.time())}"
    run(["lvcreate", "--snapshot", "--size", size, "--name", snap, f"{vg}/{lv}"],
        privileged=True)
    log.info("created snapshot %s/%s (%s COW space)", vg, snap, size)
    try:
        yield f"/dev/{vg}/{snap}"
    finally:
        res = run(["lvremove", "-f", f"{vg}/{snap}"], privileged=True, check=False)
        if res.returncode != 0:
            log.error("could not remove snapshot %s/%s - remove it manually!", vg, snap)
        else:
            log.info("removed snapshot %s/%s", vg, snap)


@contextlib.contextmanager
def mounted_readonly(device, mountpoint, fstype):
    run(["mkdir", "-p", mountpoint], privileged=True)
    opts = "ro,nouuid" if fstype == "xfs" else "ro,noload" if fstype.startswith("ext") else "ro"
    run(["mount", "-t", fstype, "-o", opts, device, mountpoint], privileged=True)
    log.info("mounted %s on %s (%s)", device, mountpoint, opts)
    try:
        yield mountpoint
    finally:
        for attempt in range(5):
            if run(["umount", mountpoint], privileged=True, check=False).returncode == 0:
                break
            log.warning("umount busy, retry %d", attempt + 1)
            time.sleep(2)
        run(["rmdir", mountpoint], privileged=True, check=False)


def rsync_tree(src, dest, excludes, bwlimit):
    cmd = ["rsync", "-aHAX", "--delete", "--numeric-ids", "--info=stats1"]
    cmd += [f"--exclude={e}" for e in excludes]
    if bwlimit:
        cmd.append(f"--bwlimit={bwlimit}")
    cmd += [src.rstrip("/") + "/", dest]
    res = run(cmd, privileged=True, check=False)
    if res.returncode not in (0, 24):
        raise RuntimeError(f"rsync failed with exit code {res.returncode}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vg", required=True, help="volume group, e.g. vg0")
    ap.add_argument("--lv", required=True, help="origin logical volume, e.g. data")
    ap.add_argument("--fstype", default="ext4")
    ap.add_argument("--cow-size", default="5G", help="snapshot COW reservation")
    ap.add_argument("--dest", required=True, help="local backup directory, e.g. /srv/backup/data")
    ap.add_argument("--exclude", action="append", default=["lost+found"])
    ap.add_argument("--bwlimit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        info = lv_info(args.vg, args.lv)
        log.info("origin %s/%s size %s", args.vg, args.lv, info.get("lv_size"))
        mountpoint = f"/mnt/lvsnap-{args.lv}"
        with lvm_snapshot(args.vg, args.lv, args.cow_size) as dev:
            with mounted_readonly(dev, mountpoint, args.fstype) as mp:
                started = time.monotonic()
                rsync_tree(mp, args.dest, args.exclude, args.bwlimit)
                log.info("rsync finished in %.0fs", time.monotonic() - started)
    except (subprocess.CalledProcessError, RuntimeError, KeyError, ValueError) as exc:
        log.error("backup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
