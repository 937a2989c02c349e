#!/usr/bin/env python3
"""Pull the month's controlled-substance register from the head-office share.

Monthly CD reconciliation needs the head-office copy of the register next to
the branch one. This mounts the register share read-only, copies the month's
export into ./reconcile/<YYYY-MM>/ and unmounts again.

Configuration lives in cd_share.ini:

    [share]
    unc = //ho-files.pharmgroup.local/cdregister
    mountpoint = /mnt/cdregister
    credentials = /home/pharmacist/.cdshare.cred
    branch = RX0142
"""
import argparse
import configparser
import logging
import os
import pwd
import shutil
import subprocess
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("cd-share")


class ShareMount:
    """Context manager that mounts the CIFS share and always unmounts it."""

    def __init__(self, unc, mountpoint, credentials, elevate=None):
        self.unc = unc
        self.mountpoint = Path(mountpoint)
        self.credentials = credentials
        self.elevate = elevate or self._pick_elevator()
        self.mounted = False

    @staticmethod
    def _pick_elevator():
        if os.geteuid() == 0:
            return []
        for tool in ("pkexec", "sudo"):
            path = shutil.which(tool)
            if path:
                return [path]
        raise RuntimeError("need pkexec or sudo to mount the share")

    def _options(self):
        user = pwd.getpwuid(os.getuid())
        return ",".join([
            f"credentials={self.credentials}",
            f"uid={user.pw_uid}",
            f"gid={user.pw_gid}",
            "ro",
            "vers=3.0",
            "sec=ntlmssp",
            "file_mode=0440",
            "dir_mode=0550",
        ])

    def _run(self, *cmd):
        full = self.elevate + list(cmd)
        log.debug("running %s", " ".join(full))
        return subprocess.run(full, check=True, capture_output=True, text=True, timeout=60)

    def __enter__(self):
        if os.path.ismount(self.mountpoint):
            log.info("%s already mounted, reusing", self.mountpoint)
            return self
        self._run("mkdir", "-p", str(self.mountpoint))
        self._run("mount", "-t", "cifs", self.unc, str(self.mountpoint), "-o", self._options())
        self.mounted = True
        log.info("mounted %s on %s", self.unc, self.mountpoint)
        return self

    def __exit__(self, *exc):
        if self.mounted:
            try:
                self._run("umount", str(self.mountpoint))
                log.info("unmounted %s", self.mountpoint)
            except subprocess.CalledProcessError as err:
                log.error("umount failed: %s", err.stderr.strip())
        return False


def copy_month(src_root, branch, month, dest_root):
    src = Path(src_root) / branch / month
    if not src.is_dir():
        raise FileNotFoundError(f"no register folder {src} on the share")
    dest = Path(dest_root) / month
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for item in sorted(src.iterdir()):
        if item.suffix.lower() in (".csv", ".pdf"):
            shutil.copy2(item, dest / item.name)
            copied += 1
    return dest, copied


def main():
    ap = argparse.ArgumentParser(description="Fetch head-office CD register for reconciliation")
    ap.add_argument("--config", default="cd_share.ini")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--dest", default="reconcile")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("config %s not found", args.config)
        return 2
    share = cfg["share"]
    cred = os.path.expanduser(share.get("credentials", "~/.cdshare.cred"))
    if not os.path.exists(cred):
        log.error("credentials file %s missing (username=/password=/domain= lines)", cred)
        return 2

    try:
        with ShareMount(share["unc"], share.get("mountpoint", "/mnt/cdregister"), cred) as m:
            dest, n = copy_month(m.mountpoint, share["branch"], args.month, args.dest)
    except subprocess.CalledProcessError as err:
        log.error("mount failed: %s", (err.stderr or "").strip())
        return 1
    except (RuntimeError, FileNotFoundError) as err:
        log.error("%s", err)
        return 1
    log.info("copied %d register files to %s", n, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
