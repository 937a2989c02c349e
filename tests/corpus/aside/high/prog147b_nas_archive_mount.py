#!/usr/bin/env python3
"""Attach the studio NAS photo archive to this workstation.

The retouching stations need the raw specimen photographs from the NAS
mounted at a fixed path so the catalogue links keep working. This helper
mounts or unmounts the export and raises the inotify limit the photo
watcher needs for the large archive tree.
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("nas-mount")

DEFAULTS = {
    "server": "198.51.100.20",
    "export": "/export/specimen_photos",
    "mountpoint": "/mnt/specimen_archive",
    "fstype": "nfs4",
    "options": "rw,noatime,vers=4.1",
    "watch_limit": "524288",
}


def load_settings(path):
    parser = configparser.ConfigParser()
    parser["nas"] = DEFAULTS
    if path and Path(path).exists():
        parser.read(path)
    return parser["nas"]


def escalation_prefix():
    """Return the command prefix that gives us root on this box."""
    if os.geteuid() == 0:
        return []
    for tool in ("sudo", "pkexec"):
        found = shutil.which(tool)
        if found:
            return [found, "-n"] if tool == "sudo" else [found]
    raise RuntimeError("need sudo or pkexec to mount the archive")


def run_privileged(args, check=True):
    argv = escalation_prefix() + args
    log.debug("running %s", " ".join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def is_mounted(mountpoint):
    try:
        with open("/proc/mounts", encoding="utf-8") as fh:
            return any(line.split()[1] == mountpoint for line in fh)
    except OSError:
        return False


def raise_watch_limit(limit):
    key = "fs.inotify.max_user_watches"
    current = Path("/proc/sys/fs/inotify/max_user_watches").read_text().strip()
    if int(current) >= int(limit):
        return
    run_privileged(["sysctl", "-w", f"{key}={limit}"])
    log.info("inotify watch limit raised from %s to %s", current, limit)


def mount(cfg):
    mp = cfg["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return
    run_privileged(["mkdir", "-p", mp])
    source = f"{cfg['server']}:{cfg['export']}"
    cmd = ["mount", "-t", cfg["fstype"], "-o", cfg["options"], source, mp]
    result = run_privileged(cmd, check=False)
    if result.returncode != 0:
        log.error("mount failed: %s", result.stderr.strip())
        raise SystemExit(1)
    log.info("mounted %s on %s", source, mp)


def unmount(cfg):
    mp = cfg["mountpoint"]
    if not is_mounted(mp):
        log.info("%s is not mounted", mp)
        return
    run_privileged(["umount", mp])
    log.info("unmounted %s", mp)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["mount", "unmount", "status"])
    parser.add_argument("--config", default="nas.ini")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_settings(args.config)
    try:
        if args.action == "mount":
            raise_watch_limit(cfg["watch_limit"])
            mount(cfg)
        elif args.action == "unmount":
            unmount(cfg)
        else:
            state = "mounted" if is_mounted(cfg["mountpoint"]) else "not mounted"
            print(f"{cfg['mountpoint']}: {state}")
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
