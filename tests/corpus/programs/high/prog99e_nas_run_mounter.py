#!/usr/bin/env python3
"""Attach instrument NAS exports on the analysis workstation.

Every instrument in the facility writes raw data to its own NFS export on
the storage appliance.  Users list the instruments they need in
``mounts.toml`` and this tool attaches them read-only under ./instruments
so the processing notebooks find the data at stable paths.

    nas_run_mounter.py up       attach everything in mounts.toml
    nas_run_mounter.py down     detach again
    nas_run_mounter.py status
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("nasmount")

DEFAULT_OPTS = "ro,vers=4.2,hard,timeo=600,retrans=2,noatime,nosuid,nodev"


class Export:
    def __init__(self, name, server, path, opts=None):
        self.name = name
        self.server = server
        self.path = path
        self.opts = opts or DEFAULT_OPTS

    @property
    def source(self):
        return f"{self.server}:{self.path}"

    def target(self, base):
        return base / self.name


def read_exports(cfg_path):
    with open(cfg_path, "rb") as fh:
        data = tomllib.load(fh)
    server = data.get("server", "nas-instruments.core.example.edu")
    out = []
    for name, spec in data.get("instruments", {}).items():
        if isinstance(spec, str):
            spec = {"path": spec}
        out.append(Export(name, spec.get("server", server), spec["path"], spec.get("options")))
    return out


def mounted_targets():
    table = {}
    with open("/proc/self/mounts") as fh:
        for line in fh:
            src, tgt, fstype, *_ = line.split()
            table[tgt] = (src, fstype)
    return table


class Runner:
    """Runs the mount helpers with elevated rights."""

    elevate = ["sudo", "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = self.elevate + list(argv)
        log.debug("run: %s", shlex.join(cmd))
        if self.dry_run:
            print(shlex.join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            log.error("%s failed: %s", argv[0], proc.stderr.strip())
        return proc.returncode


def up(exports, base, run):
    current = mounted_targets()
    failures = 0
    for ex in exports:
        tgt = ex.target(base)
        tgt.mkdir(parents=True, exist_ok=True)
        if str(tgt.resolve()) in current:
            log.info("%s already attached", ex.name)
            continue
        rc = run("mount", "-t", "nfs4", "-o", ex.opts, ex.source, str(tgt.resolve()))
        if rc == 0:
            log.info("attached %s at %s", ex.source, tgt)
        else:
            failures += 1
    return failures


def down(exports, base, run):
    current = mounted_targets()
    failures = 0
    for ex in exports:
        tgt = str(ex.target(base).resolve())
        if tgt not in current:
            continue
        if run("umount", tgt) != 0:
            failures += 1 if run("umount", "-l", tgt) else 0
        else:
            log.info("detached %s", ex.name)
    return failures


def status(exports, base):
    current = mounted_targets()
    for ex in exports:
        tgt = str(ex.target(base).resolve())
        state = "attached" if tgt in current else "-"
        print(f"{ex.name:20s} {ex.source:50s} {state}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="attach instrument NAS exports")
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("-c", "--config", default=os.environ.get("NASMOUNT_CONFIG", "mounts.toml"))
    ap.add_argument("-b", "--base", type=Path, default=Path("instruments"))
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    try:
        exports = read_exports(args.config)
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 2
    if not exports:
        log.warning("no instruments listed in %s", args.config)
        return 0

    run = Runner(args.dry_run)
    if args.action == "up":
        return 1 if up(exports, args.base, run) else 0
    if args.action == "down":
        return 1 if down(exports, args.base, run) else 0
    return status(exports, args.base)


if __name__ == "__main__":
    sys.exit(main())
