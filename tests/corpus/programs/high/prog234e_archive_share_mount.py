#!/usr/bin/env python3
"""Mount the deed archive NFS exports on an archive admin workstation.

Reads the list of archive exports from a small JSON config in the working
directory, checks which are already mounted and mounts the missing ones
read-only (or read-write for the current year's volume).
"""

import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive_mount")

DEFAULT_CONFIG = {
    "server": "archive.example.org",
    "exports": [
        {"remote": "/export/deeds/current", "local": "/mnt/deeds/current", "rw": True},
        {"remote": "/export/deeds/2023", "local": "/mnt/deeds/2023", "rw": False},
        {"remote": "/export/deeds/2022", "local": "/mnt/deeds/2022", "rw": False},
    ],
    "options": "vers=4.2,hard,timeo=600,noexec,nosuid,nodev",
}


def load_config(path: Path):
    if not path.exists():
        LOG.info("no %s, using built-in defaults", path)
        return DEFAULT_CONFIG
    with path.open(encoding="utf-8") as fh:
        cfg = json.load(fh)
    for key in ("server", "exports"):
        if key not in cfg:
            raise ValueError("config missing '%s'" % key)
    cfg.setdefault("options", DEFAULT_CONFIG["options"])
    return cfg


def current_mounts():
    mounts = set()
    with open("/proc/mounts", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) >= 2:
                mounts.add(parts[1])
    return mounts


class Mounter:
    def __init__(self, server, options, dry_run=False):
        self.server = server
        self.options = options
        self.dry_run = dry_run

    def mount(self, remote, local, rw):
        opts = self.options + ("," + ("rw" if rw else "ro"))
        cmd = ["mount", "-t", "nfs4", "-o", opts,
               "%s:%s" % (self.server, remote), local]
        LOG.info("mounting %s:%s on %s (%s)", self.server, remote, local,
                 "rw" if rw else "ro")
        if self.dry_run:
            LOG.info("dry run: %s", " ".join(cmd))
            return True
        os.makedirs(local, exist_ok=True)
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.error("mount of %s failed: %s", local, result.stderr.strip())
            return False
        return True

    def unmount(self, local):
        LOG.info("unmounting %s", local)
        if self.dry_run:
            return True
        result = subprocess.run(["umount", local], capture_output=True, text=True)
        if result.returncode != 0:
            LOG.error("umount of %s failed: %s", local, result.stderr.strip())
            return False
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["mount", "umount", "status"], nargs="?",
                    default="mount")
    ap.add_argument("--config", type=Path, default=Path("archive_mounts.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
    except (OSError, ValueError, json.JSONDecodeError) as exc:
        LOG.error("bad config: %s", exc)
        return 1

    mounted = current_mounts()
    mounter = Mounter(cfg["server"], cfg["options"], args.dry_run)
    failures = 0
    for exp in cfg["exports"]:
        local = exp["local"]
        is_mounted = local in mounted
        if args.action == "status":
            print("%-28s %s" % (local, "mounted" if is_mounted else "-"))
        elif args.action == "mount" and not is_mounted:
            failures += not mounter.mount(exp["remote"], local, exp.get("rw", False))
        elif args.action == "umount" and is_mounted:
            failures += not mounter.unmount(local)
    if failures:
        LOG.error("%d operations failed", failures)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
