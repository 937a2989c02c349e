#!/usr/bin/env python3
"""Mount the association's shared drive (the SMB share on the office NAS).

New committee members run this once on their laptop. It asks for their NAS
login, stores it in a private credentials file in their home directory and
mounts the share at /mnt/community. With --persist it also adds an fstab entry
so the share comes back after a reboot.

    python3 shared_drive_mount.py [--server nas.local] [--share committee]
"""
import argparse
import configparser
import getpass
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("drive-mount")

SETTINGS = Path.home() / ".config" / "community-drive.ini"
CRED_FILE = Path.home() / ".smbcredentials-community"
MOUNT_POINT = "/mnt/community"


def load_settings():
    cp = configparser.ConfigParser()
    cp["nas"] = {"server": "nas.local", "share": "committee", "domain": "WORKGROUP", "vers": "3.0"}
    cp.read(SETTINGS)
    return cp["nas"]


def write_credentials(user, password, domain):
    CRED_FILE.write_text("username=%s\npassword=%s\ndomain=%s\n" % (user, password, domain))
    os.chmod(CRED_FILE, 0o600)
    log.info("saved credentials to %s", CRED_FILE)


def is_mounted(path):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == path for line in fh)


class Mounter:
    def __init__(self, server, share, vers):
        self.source = "//%s/%s" % (server, share)
        self.vers = vers
        self.uid = os.getuid()
        self.gid = os.getgid()

    @property
    def options(self):
        return ",".join([
            "credentials=%s" % CRED_FILE,
            "uid=%d" % self.uid,
            "gid=%d" % self.gid,
            "vers=%s" % self.vers,
            "file_mode=0640",
            "dir_mode=0750",
            "nofail",
        ])

    def _elevated(self, *argv):
        cmd = ["sudo"] + list(argv)
        log.debug("+ %s", " ".join(shlex.quote(a) for a in cmd))
        return subprocess.run(cmd, check=True)

    def mount(self):
        self._elevated("mkdir", "-p", MOUNT_POINT)
        self._elevated("mount", "-t", "cifs", self.source, MOUNT_POINT, "-o", self.options)

    def persist(self):
        line = "%s %s cifs %s,_netdev,x-systemd.automount 0 0\n" % (self.source, MOUNT_POINT, self.options)
        with open("/etc/fstab") as fh:
            if any(self.source in l and MOUNT_POINT in l for l in fh):
                log.info("fstab already has an entry for %s", self.source)
                return
        subprocess.run(["sudo", "tee", "-a", "/etc/fstab"], input=line, text=True,
                       stdout=subprocess.DEVNULL, check=True)
        log.info("added %s to /etc/fstab", self.source)


def main():
    cfg = load_settings()
    ap = argparse.ArgumentParser(description="mount the community shared drive")
    ap.add_argument("--server", default=cfg["server"])
    ap.add_argument("--share", default=cfg["share"])
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--persist", action="store_true", help="add an /etc/fstab entry")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if is_mounted(MOUNT_POINT):
        log.info("%s is already mounted", MOUNT_POINT)
        return 0

    if not CRED_FILE.exists():
        pw = getpass.getpass("NAS password for %s: " % args.user)
        write_credentials(args.user, pw, cfg["domain"])

    m = Mounter(args.server, args.share, cfg["vers"])
    try:
        m.mount()
        if args.persist:
            m.persist()
    except subprocess.CalledProcessError as exc:
        log.error("command failed with status %d: %s", exc.returncode, exc.cmd)
        return 1
    log.info("shared drive available at %s", MOUNT_POINT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
