#!/usr/bin/env python3
"""Mount the wardrobe NAS shares on a design-room PC.

The costume photos, pattern files and measurement sheets live on the NAS in
the stockroom.  This tool mounts the shares a PC needs (by role) under
/mnt/wardrobe and unmounts them again at the end of the day.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

LOG = logging.getLogger("nas-mount")

NAS_HOST = os.environ.get("WARDROBE_NAS", "192.0.2.20")
MOUNT_BASE = Path(os.environ.get("WARDROBE_MOUNT_BASE", "/mnt/wardrobe"))
CRED_FILE = Path(os.environ.get(
    "WARDROBE_CREDS", str(Path.home() / ".config" / "wardrobe" / "nas.cred")))

ROLE_SHARES = {
    "design": ["patterns", "photos", "measurements"],
    "counter": ["photos", "contracts"],
    "stockroom": ["photos", "stock"],
}


def _priv(cmd):
    """Run a command with elevated rights (mounting needs root)."""
    prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo"]
    LOG.debug("exec %s", " ".join(prefix + cmd))
    return subprocess.run(prefix + cmd, check=True)


class ShareMounter:
    def __init__(self, host, base, cred_file, dry_run=False):
        self.host = host
        self.base = base
        self.cred_file = cred_file
        self.dry_run = dry_run

    def target(self, share):
        return self.base / share

    def is_mounted(self, share):
        return os.path.ismount(self.target(share))

    def options(self):
        return ",".join([
            f"credentials={self.cred_file}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "vers=3.0",
            "iocharset=utf8",
            "file_mode=0640",
            "dir_mode=0750",
        ])

    def mount(self, share):
        if self.is_mounted(share):
            LOG.info("%s already mounted", share)
            return
        cmd_mkdir = ["mkdir", "-p", str(self.target(share))]
        cmd_mount = ["mount", "-t", "cifs", f"//{self.host}/{share}",
                     str(self.target(share)), "-o", self.options()]
        if self.dry_run:
            LOG.info("dry run: %s ; %s", " ".join(cmd_mkdir), " ".join(cmd_mount))
            return
        _priv(cmd_mkdir)
        _priv(cmd_mount)
        LOG.info("mounted %s", self.target(share))

    def unmount(self, share):
        if not self.is_mounted(share):
            return
        if self.dry_run:
            LOG.info("dry run: umount %s", self.target(share))
            return
        _priv(["umount", str(self.target(share))])
        LOG.info("unmounted %s", share)


def main():
    parser = argparse.ArgumentParser(description="Wardrobe NAS mounts")
    parser.add_argument("action", choices=["up", "down", "status"])
    parser.add_argument("--role", default=os.environ.get("PC_ROLE", "design"),
                        choices=sorted(ROLE_SHARES))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.action == "up" and not CRED_FILE.exists():
        raise SystemExit(f"credentials file {CRED_FILE} missing; ask the office manager")

    mounter = ShareMounter(NAS_HOST, MOUNT_BASE, CRED_FILE, args.dry_run)
    for share in ROLE_SHARES[args.role]:
        if args.action == "up":
            mounter.mount(share)
        elif args.action == "down":
            mounter.unmount(share)
        else:
            state = "mounted" if mounter.is_mounted(share) else "not mounted"
            print(f"{share:14s} {state}")


if __name__ == "__main__":
    main()
