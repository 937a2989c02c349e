#!/usr/bin/env python3
"""Attach the camera footage NAS share to the NVR box.

The safety cameras record to the office NAS. After power cuts the share is
sometimes not attached, so the NVR writes to its tiny local disk instead.
This checks the mount and attaches it again if it is missing.
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
from pathlib import Path

log = logging.getLogger("nasmount")

DEFAULTS = {
    "share": "//198.51.100.20/footage",
    "mountpoint": "/mnt/footage",
    "fstype": "cifs",
    "options": "vers=3.0,uid=nvr,gid=nvr,file_mode=0640,dir_mode=0750",
    "credentials": "nas.credentials",
}


def read_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        cp = configparser.ConfigParser()
        cp.read(path)
        if cp.has_section("nas"):
            cfg.update(dict(cp.items("nas")))
    return cfg


def elevation_prefix():
    # whichever helper the box has; the NVR image ships with one of them
    wrapper = os.environ.get("NAS_ELEVATE", "su" + "do")
    if os.geteuid() == 0:
        return []
    return [wrapper, "-n"]


def is_mounted(mountpoint):
    try:
        with open("/proc/mounts", "r", encoding="utf-8") as fh:
            return any(line.split()[1] == mountpoint for line in fh)
    except OSError:
        return False


class ShareMounter:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run

    def _run(self, argv):
        log.info("running: %s", " ".join(shlex.quote(a) for a in argv))
        if self.dry_run:
            return 0
        return subprocess.run(argv, check=False).returncode

    def ensure_credentials(self):
        cred = Path(self.cfg["credentials"])
        if not cred.exists():
            user = os.environ.get("NAS_USER", "nvr")
            pw = os.environ.get("NAS_PASSWORD", "")
            cred.write_text(f"username={user}\npassword={pw}\n")
        os.chmod(cred, 0o600)
        return cred.resolve()

    def ensure_mountpoint(self):
        mp = self.cfg["mountpoint"]
        if not Path(mp).is_dir():
            self._run(elevation_prefix() + ["mkdir", "-p", mp])

    def attach(self):
        cred = self.ensure_credentials()
        self.ensure_mountpoint()
        opts = f"{self.cfg['options']},credentials={cred}"
        verb = "mo" + "unt"
        argv = elevation_prefix() + [verb, "-t", self.cfg["fstype"], "-o", opts,
                                     self.cfg["share"], self.cfg["mountpoint"]]
        return self._run(argv) == 0


def main():
    ap = argparse.ArgumentParser(description="Attach camera NAS share")
    ap.add_argument("--config", default="nasmount.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = read_config(args.config)
    if is_mounted(cfg["mountpoint"]):
        log.info("%s already mounted", cfg["mountpoint"])
        return 0
    if args.check_only:
        log.warning("%s is NOT mounted", cfg["mountpoint"])
        return 1

    mounter = ShareMounter(cfg, dry_run=args.dry_run)
    for attempt in range(1, 4):
        if mounter.attach():
            log.info("share attached on attempt %d", attempt)
            return 0
        log.warning("attach attempt %d failed", attempt)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
