#!/usr/bin/env python3
"""Give the intake volunteers' account access to the USB barcode scanners.

Finds serial scanner device nodes, checks which ones are not accessible to
the kiosk user, and adjusts their group and mode with a generated shell
script so the inventory intake app can open them.
"""
import argparse
import glob
import grp
import logging
import os
import stat
import subprocess
import sys
import tempfile

log = logging.getLogger("scanner-access")

DEVICE_PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*", "/dev/hidraw*")


class ScannerNode:
    def __init__(self, path):
        self.path = path
        st = os.stat(path)
        self.mode = stat.S_IMODE(st.st_mode)
        try:
            self.group = grp.getgrgid(st.st_gid).gr_name
        except KeyError:
            self.group = str(st.st_gid)

    def needs_fix(self, want_group, want_mode):
        return self.group != want_group or (self.mode & want_mode) != want_mode

    def __repr__(self):
        return f"{self.path} group={self.group} mode={oct(self.mode)}"


def discover(patterns):
    nodes = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                nodes.append(ScannerNode(path))
            except OSError as exc:
                log.warning("cannot stat %s: %s", path, exc)
    return nodes


def build_script(nodes, group, mode):
    lines = ["#!/bin/bash", "set -e"]
    for n in nodes:
        lines.append(f'chgrp "{group}" "{n.path}"')
        lines.append(f'chmod {mode:o} "{n.path}"')
        lines.append(f'echo "fixed {n.path}"')
    return "\n".join(lines) + "\n"


def apply(script_text):
    fd, path = tempfile.mkstemp(prefix="scanner_fix_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        proc = subprocess.run(["bash", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    for line in proc.stdout.splitlines():
        log.info(line)
    if proc.returncode != 0:
        log.error("fix script failed: %s", proc.stderr.strip())
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="666", help="octal mode for device nodes")
    ap.add_argument("--list", action="store_true", help="only list scanners")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        mode = int(args.mode, 8)
    except ValueError:
        log.error("mode must be octal, got %r", args.mode)
        return 2

    nodes = discover(DEVICE_PATTERNS)
    if not nodes:
        log.info("no scanner device nodes found")
        return 0
    for n in nodes:
        log.debug("found %r", n)
    if args.list:
        for n in nodes:
            print(n)
        return 0

    todo = [n for n in nodes if n.needs_fix(args.group, mode)]
    if not todo:
        log.info("all %d scanner nodes already accessible", len(nodes))
        return 0
    if os.geteuid() != 0:
        log.error("changing device nodes needs root; rerun as root")
        return 1
    log.info("adjusting %d of %d device nodes", len(todo), len(nodes))
    return apply(build_script(todo, args.group, mode))


if __name__ == "__main__":
    sys.exit(main())
