#!/usr/bin/env python3
"""Attach the show's SAN / NAS volumes on an edit or grading workstation.

Volumes are listed in san_volumes.toml in the working directory:

    [[volume]]
    name = "NGT_media"
    source = "isilon01.studio.example.com:/ifs/shows/NGT/media"
    target = "/mnt/NGT_media"
    type = "nfs"
    options = "vers=4.1,rsize=1048576,wsize=1048576,hard,nconnect=8"

The helper checks which are already attached, brings up the missing ones and
prints a status table. Intended for the desktop "Connect show storage" icon.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("san-mount")


def load_volumes(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    vols = data.get("volume", [])
    for v in vols:
        v.setdefault("type", "nfs")
        v.setdefault("options", "defaults")
    return vols


def current_mounts():
    mounts = {}
    with open("/proc/self/mounts") as fh:
        for line in fh:
            src, tgt, fstype, *_ = line.split()
            mounts[tgt.replace("\\040", " ")] = (src, fstype)
    return mounts


def elevation_prefix():
    """Pick a way to get admin rights that works from a desktop launcher."""
    if os.geteuid() == 0:
        return []
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        agent = shutil.which("pkexec")
        if agent:
            return [agent]
    return ["sudo", "-n"] if shutil.which("sudo") else []


class Mounter:
    def __init__(self, dry_run=False):
        self.prefix = elevation_prefix()
        self.dry_run = dry_run

    def _run(self, argv):
        full = self.prefix + argv
        LOG.debug("exec: %s", " ".join(full))
        if self.dry_run:
            return 0, ""
        proc = subprocess.run(full, capture_output=True, text=True, timeout=120)
        return proc.returncode, proc.stderr.strip()

    def attach(self, vol):
        target = vol["target"]
        if not Path(target).is_dir():
            rc, err = self._run(["mkdir", "-p", target])
            if rc:
                return False, f"mkdir: {err}"
        rc, err = self._run(["mount", "-t", vol["type"], "-o", vol["options"], vol["source"], target])
        return rc == 0, err

    def detach(self, vol):
        rc, err = self._run(["umount", vol["target"]])
        return rc == 0, err


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--file", default="san_volumes.toml")
    ap.add_argument("--detach", action="store_true", help="unmount instead")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        volumes = load_volumes(args.file)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.file, exc)
        return 2

    mounted = current_mounts()
    m = Mounter(args.dry_run)
    rows, bad = [], 0
    for vol in volumes:
        is_up = vol["target"] in mounted
        if args.detach:
            ok, err = m.detach(vol) if is_up else (True, "")
        elif is_up:
            ok, err = True, "already attached"
        else:
            ok, err = m.attach(vol)
        bad += not ok
        rows.append((vol["name"], vol["target"], "OK" if ok else "FAIL", err))

    width = max((len(r[0]) for r in rows), default=4)
    for name, target, status, err in rows:
        print(f"{name:<{width}}  {target:<28} {status:<5} {err}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
