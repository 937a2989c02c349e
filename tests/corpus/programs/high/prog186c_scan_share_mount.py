#!/usr/bin/env python3
"""Mount the archive scan share on a restoration workstation.

Restoration staff digitise fragile volumes before rebinding; the high
resolution scans live on the archive NAS and are mounted on demand.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("scanmount")


@dataclass(frozen=True)
class Share:
    server: str
    export: str
    mountpoint: Path
    options: str = "rw,hard,nfsvers=4.1,timeo=600"

    @property
    def source(self):
        return f"{self.server}:{self.export}"


SHARES = {
    "scans": Share(os.environ.get("SCAN_NAS", "192.0.2.40"), "/volume1/scans",
                   Path("/mnt/scans")),
    "restoration": Share(os.environ.get("SCAN_NAS", "192.0.2.40"), "/volume1/restoration",
                         Path("/mnt/restoration")),
}


class Privileged:
    prefix = ("su" + "do", "-n")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __getattr__(self, tool):
        def run(*args):
            argv = [*self.prefix, tool.replace("_", "."), *map(str, args)]
            log.info("running %s", " ".join(shlex.quote(a) for a in argv))
            if self.dry_run:
                return 0
            return subprocess.run(argv, check=False).returncode
        return run


def is_mounted(path: Path) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def attach(share: Share, priv: Privileged):
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return 0
    priv.mkdir("-p", share.mountpoint)
    return priv.mount("-t", "nfs4", "-o", share.options, share.source, share.mountpoint)


def detach(share: Share, priv: Privileged):
    if not is_mounted(share.mountpoint):
        return 0
    return priv.umount(share.mountpoint)


OPS = {"attach": attach, "detach": detach}


def main():
    ap = argparse.ArgumentParser(description="Mount archive scan shares")
    ap.add_argument("op", choices=sorted(OPS))
    ap.add_argument("shares", nargs="*", default=["scans"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    priv = Privileged(args.dry_run)
    rc = 0
    for name in args.shares:
        share = SHARES.get(name)
        if share is None:
            log.error("unknown share %s", name)
            rc = 2
            continue
        rc |= OPS[args.op](share, priv)
    raise SystemExit(rc)


if __name__ == "__main__":
    main()
