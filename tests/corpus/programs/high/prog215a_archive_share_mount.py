#!/usr/bin/env python3
"""Mount the drawing archive (NFS) read-only on a CAD seat.

The archive server keeps closed projects. Designers occasionally need an
old sheet set; this tool mounts the export with sudo, lists the projects
matching a search term and unmounts again when asked.

Config file (INI), default ./archive.ini:
    [archive]
    server = 192.0.2.10
    export = /export/drawings
    mountpoint = /mnt/archive
    options = ro,nosuid,nodev,soft,timeo=50
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("archive-mount")

DEFAULTS = {
    "server": "192.0.2.10",
    "export": "/export/drawings",
    "mountpoint": "/mnt/archive",
    "options": "ro,nosuid,nodev,soft,timeo=50",
}


class ArchiveShare:
    def __init__(self, cfg):
        self.server = cfg["server"]
        self.export = cfg["export"]
        self.mountpoint = Path(cfg["mountpoint"])
        self.options = cfg["options"]

    @property
    def source(self):
        return f"{self.server}:{self.export}"

    def is_mounted(self):
        try:
            with open("/proc/mounts") as fh:
                return any(line.split()[1] == str(self.mountpoint) for line in fh)
        except OSError:
            return False

    def _run(self, script):
        LOG.debug("bash -c %s", script)
        proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or f"exit {proc.returncode}")
        return proc.stdout

    def mount(self):
        if self.is_mounted():
            LOG.info("%s already mounted", self.mountpoint)
            return
        mp = shlex.quote(str(self.mountpoint))
        self._run(
            f"sudo mkdir -p {mp} && "
            f"sudo mount -t nfs -o {shlex.quote(self.options)} "
            f"{shlex.quote(self.source)} {mp}"
        )
        LOG.info("mounted %s on %s", self.source, self.mountpoint)

    def umount(self):
        if not self.is_mounted():
            LOG.info("%s not mounted", self.mountpoint)
            return
        self._run(f"sudo umount {shlex.quote(str(self.mountpoint))}")
        LOG.info("unmounted %s", self.mountpoint)

    def search(self, term, limit):
        hits = []
        for entry in sorted(self.mountpoint.iterdir()):
            if entry.is_dir() and term.lower() in entry.name.lower():
                hits.append(entry.name)
                if len(hits) >= limit:
                    break
        return hits


def load_config(path):
    cfg = dict(DEFAULTS)
    parser = configparser.ConfigParser()
    if path.exists():
        parser.read(path)
        if parser.has_section("archive"):
            cfg.update(parser["archive"])
    for key in cfg:
        env = os.environ.get(f"ARCHIVE_{key.upper()}")
        if env:
            cfg[key] = env
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["mount", "umount", "search"])
    ap.add_argument("term", nargs="?", default="")
    ap.add_argument("--config", default="archive.ini")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    share = ArchiveShare(load_config(Path(args.config)))
    try:
        if args.action == "mount":
            share.mount()
        elif args.action == "umount":
            share.umount()
        else:
            share.mount()
            for name in share.search(args.term, args.limit):
                print(name)
    except (RuntimeError, OSError) as exc:
        LOG.error("%s failed: %s", args.action, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
