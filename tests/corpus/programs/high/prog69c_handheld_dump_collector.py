#!/usr/bin/env python3
"""Collect end-of-shift scan dumps from the handheld cradle server.

The RF handheld cradles in each aisle write their offline scan logs to an
SMB share on the cradle server.  This job mounts that share, copies any new
*.scn dumps into ./inbound for the WMS reconciliation import, and unmounts.
Share settings come from cradle.ini; the share account lives in a cifs
credentials file (default ./cradle.cred) that must be mode 0600.
"""
import argparse
import configparser
import ctypes
import ctypes.util
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cradle-collect")

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MNT_DETACH = 2

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_libc.mount.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                        ctypes.c_ulong, ctypes.c_char_p)
_libc.umount2.argtypes = (ctypes.c_char_p, ctypes.c_int)


class ShareMount:
    def __init__(self, unc, mountpoint, cred_file, domain="WAREHOUSE"):
        self.unc = unc
        self.mountpoint = Path(mountpoint)
        self.cred_file = Path(cred_file).resolve()
        self.domain = domain
        self.via_helper = False

    def _options(self):
        return f"credentials={self.cred_file},domain={self.domain},vers=3.0"

    def __enter__(self):
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        flags = MS_RDONLY | MS_NOSUID | MS_NODEV
        rc = _libc.mount(self.unc.encode(), str(self.mountpoint).encode(), b"cifs",
                         flags, self._options().encode())
        if rc != 0:
            err = ctypes.get_errno()
            LOG.info("direct mount failed (%s), using mount helper", os.strerror(err))
            subprocess.run(["sudo", "-n", "mount", "-t", "cifs", "-o", "ro," + self._options(),
                            self.unc, str(self.mountpoint)], check=True)
            self.via_helper = True
        LOG.info("mounted %s on %s", self.unc, self.mountpoint)
        return self.mountpoint

    def __exit__(self, *exc):
        if self.via_helper:
            subprocess.run(["sudo", "-n", "umount", str(self.mountpoint)], check=False)
        elif _libc.umount2(str(self.mountpoint).encode(), MNT_DETACH) != 0:
            LOG.warning("umount failed: %s", os.strerror(ctypes.get_errno()))
        LOG.info("unmounted %s", self.mountpoint)
        return False


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def collect(src_root, dest, seen_file):
    dest.mkdir(exist_ok=True)
    seen = set(seen_file.read_text().split()) if seen_file.exists() else set()
    copied = 0
    for path in sorted(src_root.rglob("*.scn")):
        digest = file_digest(path)
        if digest in seen:
            continue
        target = dest / f"{path.parent.name}_{path.name}"
        shutil.copy2(path, target)
        seen.add(digest)
        copied += 1
        LOG.info("copied %s", target.name)
    seen_file.write_text("\n".join(sorted(seen)) + "\n")
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="cradle.ini")
    ap.add_argument("--inbound", default="inbound")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("missing %s", args.config)
        return 2
    share = cfg["share"]
    cred = Path(share.get("credentials", "cradle.cred"))
    try:
        if cred.stat().st_mode & 0o077:
            LOG.error("%s must not be readable by group/other", cred)
            return 2
    except FileNotFoundError:
        LOG.error("credentials file %s not found", cred)
        return 2
    mount = ShareMount(share.get("unc", "//cradle01/scans"),
                       share.get("mountpoint", "/mnt/cradle-scans"), cred)
    try:
        with mount as root:
            n = collect(root, Path(args.inbound), Path(".seen_dumps"))
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("collection failed: %s", exc)
        return 1
    LOG.info("%d new dumps collected", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
