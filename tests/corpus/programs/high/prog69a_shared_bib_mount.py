#!/usr/bin/env python3
"""Attach the department's shared bibliography drive (Zotero storage + .bib files).

The library lives on the faculty file server as an SMB share.  Zotero's
linked attachments and everyone's \\bibliography{} paths point at
~/groupbib, so this helper mounts the share there with the right uid/gid
and the group's credentials file.

    shared_bib_mount.py [mount|unmount|status] [--config ~/.config/groupbib.ini]
"""
import argparse
import configparser
import getpass
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("groupbib")

DEFAULT_CONFIG = Path("~/.config/groupbib.ini").expanduser()
TEMPLATE = """[share]
server = fs01.chem.uni-example.edu
path = groups/hartmann/library
mountpoint = ~/groupbib
vers = 3.0

[auth]
username =
domain = CHEM
"""


def load_config(path):
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(TEMPLATE)
        os.chmod(path, 0o600)
        raise SystemExit(f"wrote template {path}; fill in [auth] username and rerun")
    cfg = configparser.ConfigParser()
    cfg.read(path)
    return cfg


def credentials_file(cfg):
    """Keep the SMB password in a private file so it never shows up in ps."""
    cred = Path("~/.config/groupbib.cred").expanduser()
    if not cred.exists():
        pw = getpass.getpass(f"password for {cfg['auth']['domain']}\\{cfg['auth']['username']}: ")
        cred.write_text(f"username={cfg['auth']['username']}\npassword={pw}\n"
                        f"domain={cfg['auth']['domain']}\n")
        os.chmod(cred, 0o600)
    return cred


def is_mounted(mountpoint):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == str(mountpoint) for line in fh)


class ShareMounter:
    def __init__(self, cfg):
        share = cfg["share"]
        self.source = f"//{share['server']}/{share['path']}"
        self.mountpoint = Path(share["mountpoint"]).expanduser()
        self.vers = share.get("vers", "3.0")
        self.cfg = cfg

    def _elevate(self, argv):
        helper = "pkexec" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "sudo"
        log.debug("running %s %s", helper, " ".join(argv))
        return subprocess.run([helper, *argv], check=False)

    def mount(self):
        if is_mounted(self.mountpoint):
            log.info("already mounted at %s", self.mountpoint)
            return 0
        self.mountpoint.mkdir(parents=True, exist_ok=True)
        opts = ",".join([
            f"credentials={credentials_file(self.cfg)}",
            f"uid={os.getuid()}", f"gid={os.getgid()}",
            f"vers={self.vers}", "file_mode=0640", "dir_mode=0750", "nosuid", "nodev",
        ])
        rc = self._elevate(["mount", "-t", "cifs", self.source, str(self.mountpoint), "-o", opts])
        if rc.returncode == 0:
            log.info("mounted %s on %s", self.source, self.mountpoint)
        else:
            log.error("mount failed (rc=%d); check VPN and credentials", rc.returncode)
        return rc.returncode

    def unmount(self):
        if not is_mounted(self.mountpoint):
            log.info("not mounted")
            return 0
        return self._elevate(["umount", str(self.mountpoint)]).returncode

    def status(self):
        state = "mounted" if is_mounted(self.mountpoint) else "not mounted"
        print(f"{self.source} -> {self.mountpoint}: {state}")
        return 0


def main():
    ap = argparse.ArgumentParser(description="mount the shared bibliography drive")
    ap.add_argument("action", nargs="?", default="mount", choices=["mount", "unmount", "status"])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="groupbib: %(message)s")
    cfg = load_config(args.config)
    if not cfg["auth"].get("username"):
        log.error("set [auth] username in %s", args.config)
        return 1
    mounter = ShareMounter(cfg)
    return getattr(mounter, args.action)()


if __name__ == "__main__":
    sys.exit(main())
