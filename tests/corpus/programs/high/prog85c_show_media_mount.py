#!/usr/bin/env python3
"""Attach the venue's show-media NAS to a playback or video machine.

Sound and video departments keep their show media (stems, SFX, video
content) on the production NAS. This reads the venue profile, writes a
per-user credentials file, and attaches the share at the mount point the
playback software expects, so the workspace opens with no missing files.

    python show_media_mount.py --venue lyceum [--unmount]
"""
import argparse
import configparser
import getpass
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("media_mount")

VENUES_FILE = Path("venues.ini")
CRED_FILE = Path(".nas_credentials")


class MountError(RuntimeError):
    pass


class MediaShare:
    elevate = ("pkexec",)

    def __init__(self, venue, section):
        self.venue = venue
        self.server = section["server"]
        self.share = section["share"]
        self.mountpoint = Path(section.get("mountpoint", "/mnt/showmedia"))
        self.vers = section.get("smb_version", "3.0")
        self.user = section.get("user", getpass.getuser())

    @property
    def unc(self):
        return f"//{self.server}/{self.share}"

    def is_mounted(self):
        try:
            with open("/proc/mounts") as fh:
                return any(line.split()[1] == str(self.mountpoint) for line in fh)
        except OSError:
            return False

    def write_credentials(self, password):
        CRED_FILE.write_text(f"username={self.user}\npassword={password}\n")
        os.chmod(CRED_FILE, 0o600)
        return CRED_FILE.resolve()

    def _privileged(self, *argv):
        cmd = list(self.elevate) + list(argv)
        log.debug("running %s", shlex.join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise MountError(res.stderr.strip() or f"exit {res.returncode}")
        return res.stdout

    def attach(self, password):
        if self.is_mounted():
            log.info("%s already mounted at %s", self.unc, self.mountpoint)
            return
        creds = self.write_credentials(password)
        opts = ",".join([
            f"credentials={creds}",
            f"vers={self.vers}",
            f"uid={os.getuid()}",
            f"gid={os.getgid()}",
            "file_mode=0640",
            "dir_mode=0750",
            "iocharset=utf8",
        ])
        self._privileged("mkdir", "-p", str(self.mountpoint))
        self._privileged("mount", "-t", "cifs", self.unc, str(self.mountpoint), "-o", opts)
        log.info("mounted %s at %s", self.unc, self.mountpoint)

    def detach(self):
        if not self.is_mounted():
            log.info("nothing mounted at %s", self.mountpoint)
            return
        self._privileged("umount", str(self.mountpoint))
        log.info("unmounted %s", self.mountpoint)


def load_venue(name):
    cfg = configparser.ConfigParser()
    if not cfg.read(VENUES_FILE):
        raise SystemExit(f"no {VENUES_FILE} in {os.getcwd()}")
    if name not in cfg:
        raise SystemExit(f"venue {name!r} not in {VENUES_FILE}; known: {', '.join(cfg.sections())}")
    return MediaShare(name, cfg[name])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--venue", required=True)
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if not shutil.which("mount.cifs"):
        log.error("cifs-utils is not installed")
        return 1

    share = load_venue(args.venue)
    try:
        if args.unmount:
            share.detach()
        else:
            pw = os.environ.get("SHOWMEDIA_PASSWORD") or getpass.getpass(f"password for {share.user}@{share.server}: ")
            share.attach(pw)
    except MountError as exc:
        log.error("mount helper failed: %s", exc)
        return 2
    finally:
        if CRED_FILE.exists() and not share.is_mounted():
            CRED_FILE.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
