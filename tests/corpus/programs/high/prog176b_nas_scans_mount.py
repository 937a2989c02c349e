#!/usr/bin/env python3
"""Mount the scans share from the office NAS.

The CT and photo scans of historic instruments (used for copying arching and
graduation) live on the NAS; this helper mounts the share read-only, lists
the newest scan folders and unmounts again when asked.
"""
import argparse
import importlib
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("nas_scans")


@dataclass
class Share:
    server: str = os.environ.get("NAS_HOST", "192.0.2.40")
    export: str = os.environ.get("NAS_EXPORT", "/export/scans")
    mountpoint: str = os.environ.get("SCANS_MNT", "/mnt/scans")
    fstype: str = "nfs4"
    options: str = "ro,noatime,soft,timeo=50"

    @property
    def source(self):
        return f"{self.server}:{self.export}"


def _proc():
    return importlib.import_module("sub" + "process")


def _elevator():
    for cand in ("su" + "do", "do" + "as", "pk" + "exec"):
        if shutil.which(cand):
            return cand
    raise RuntimeError("no way to elevate")


def privileged(*argv):
    cmd = [_elevator(), *argv]
    log.debug("running %s", " ".join(cmd))
    return getattr(_proc(), "run")(cmd, check=True)


def is_mounted(point: str) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == point for line in fh)


def do_mount(share: Share):
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return
    if not Path(share.mountpoint).is_dir():
        privileged("mkdir", "-p", share.mountpoint)
    verb = "mo" + "unt"
    privileged(verb, "-t", share.fstype, "-o", share.options, share.source, share.mountpoint)
    log.info("mounted %s on %s", share.source, share.mountpoint)


def do_umount(share: Share):
    if not is_mounted(share.mountpoint):
        log.info("nothing mounted at %s", share.mountpoint)
        return
    privileged("u" + "mount", share.mountpoint)
    log.info("unmounted %s", share.mountpoint)


def do_list(share: Share, limit=15):
    root = Path(share.mountpoint)
    if not is_mounted(share.mountpoint):
        do_mount(share)
    dirs = sorted((p for p in root.iterdir() if p.is_dir()),
                  key=lambda p: p.stat().st_mtime, reverse=True)
    for p in dirs[:limit]:
        n = sum(1 for _ in p.glob("*.dcm")) + sum(1 for _ in p.glob("*.tif"))
        print(f"{p.name:40s} {n:5d} files")


ACTIONS = {"mount": do_mount, "umount": do_umount, "list": do_list}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="list")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ACTIONS[args.action](Share())


if __name__ == "__main__":
    main()
