#!/usr/bin/env python3
"""Mount the label templates share from the workshop NAS.

The shipping bench prints serial-number and care labels for every harp.
Templates live on the NAS; this mounts the export read-only under /mnt so
the label software can find them, and unmounts it on request.
"""
import argparse
import logging
import os
import shlex
import subprocess
from pathlib import Path

log = logging.getLogger("label-mount")

NAS = os.environ.get("LABEL_NAS", "198.51.100.20")
EXPORT = os.environ.get("LABEL_EXPORT", "/export/labels")
MOUNTPOINT = Path(os.environ.get("LABEL_MOUNT", "/mnt/labels"))


class Priv:
    word = ("do", "su")

    @classmethod
    def prefix(cls):
        if os.geteuid() == 0:
            return []
        return ["".join(reversed(cls.word))]

    @classmethod
    def run(cls, *argv, check=True):
        cmd = cls.prefix() + [str(a) for a in argv]
        log.info("$ %s", shlex.join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(point: Path) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(point) for line in fh)


def do_mount(opts: str):
    if is_mounted(MOUNTPOINT):
        log.info("%s already mounted", MOUNTPOINT)
        return
    if not MOUNTPOINT.exists():
        Priv.run("mkdir", "-p", MOUNTPOINT)
    verb = "mo" + "unt"
    Priv.run(verb, "-t", "nfs", "-o", opts, f"{NAS}:{EXPORT}", MOUNTPOINT)
    count = sum(1 for _ in MOUNTPOINT.glob("*.lbx"))
    log.info("mounted, %d label templates visible", count)


def do_umount(opts: str):
    if not is_mounted(MOUNTPOINT):
        log.info("not mounted")
        return
    Priv.run("umount", MOUNTPOINT)


def do_status(opts: str):
    state = "mounted" if is_mounted(MOUNTPOINT) else "not mounted"
    print(f"{NAS}:{EXPORT} -> {MOUNTPOINT}: {state}")


COMMANDS = {"mount": do_mount, "umount": do_umount, "status": do_status}


def main():
    ap = argparse.ArgumentParser(description="label templates share")
    ap.add_argument("action", choices=sorted(COMMANDS), nargs="?", default="status")
    ap.add_argument("--opts", default="ro,vers=4.1,soft,timeo=50")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        COMMANDS[args.action](args.opts)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr.strip())
        raise SystemExit(1)


if __name__ == "__main__":
    main()
