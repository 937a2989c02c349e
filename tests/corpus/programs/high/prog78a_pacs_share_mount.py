#!/usr/bin/env python3
"""Attach the imaging archive share on the reading-room workstation.

Small practices often keep their PACS archive on a NAS exposed over SMB.
The viewer expects the archive at a fixed local path, so this helper reads
the share details from pacs_share.toml, writes a credentials file readable
only by the current user, and attaches the share at that path.
"""

import argparse
import logging
import os
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("pacs-share")


@dataclass
class ShareConfig:
    server: str
    share: str
    mountpoint: str = "/mnt/pacs"
    username: str = "viewer"
    domain: str = "WORKGROUP"
    vers: str = "3.0"
    readonly: bool = True
    extra: list = field(default_factory=list)

    @classmethod
    def load(cls, path):
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        return cls(**data["share"])

    @property
    def unc(self):
        return f"//{self.server}/{self.share}"


class ShareAttacher:
    cred_path = Path.home() / ".pacs-share.cred"

    def __init__(self, cfg, password):
        self.cfg = cfg
        self.password = password

    def write_credentials(self):
        self.cred_path.write_text(
            f"username={self.cfg.username}\npassword={self.password}\ndomain={self.cfg.domain}\n")
        os.chmod(self.cred_path, 0o600)

    def options(self):
        opts = [f"credentials={self.cred_path}", f"vers={self.cfg.vers}",
                f"uid={os.getuid()}", f"gid={os.getgid()}", "iocharset=utf8"]
        opts.append("ro" if self.cfg.readonly else "rw")
        opts.extend(self.cfg.extra)
        return ",".join(opts)

    def command(self):
        argv = ["mount", "-t", "cifs", self.cfg.unc, self.cfg.mountpoint, "-o", self.options()]
        if os.geteuid() != 0:
            argv = ["sudo", "-n"] + argv
        return argv

    def is_attached(self):
        try:
            with open("/proc/mounts") as fh:
                return any(line.split()[1] == self.cfg.mountpoint for line in fh)
        except OSError:
            return False

    def attach(self, dry_run=False):
        if self.is_attached():
            LOG.info("%s already attached at %s", self.cfg.unc, self.cfg.mountpoint)
            return 0
        argv = self.command()
        LOG.info("running: %s", " ".join(shlex.quote(a) for a in argv))
        if dry_run:
            return 0
        self.write_credentials()
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("attach failed (%d): %s", res.returncode, res.stderr.strip())
        return res.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="pacs_share.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = ShareConfig.load(args.config)
    except (OSError, KeyError, TypeError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 2

    password = os.environ.get("PACS_SHARE_PASSWORD")
    if not password:
        LOG.error("PACS_SHARE_PASSWORD not set")
        return 2
    if not Path(cfg.mountpoint).is_dir():
        LOG.error("mount point %s does not exist; ask IT to create it", cfg.mountpoint)
        return 2

    return ShareAttacher(cfg, password).attach(dry_run=args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
