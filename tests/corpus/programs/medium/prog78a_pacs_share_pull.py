#!/usr/bin/env python3
"""Pull today's studies from the imaging archive share to the reading-room PC.

Small practices often keep their PACS archive on a NAS exposed over SMB.
The viewer can open a local folder, so this helper reads the share details
from pacs_share.toml, writes a credentials file readable only by the
current user, and copies the requested day's folder into ./incoming with
smbclient.
"""

import argparse
import datetime as dt
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
    mountpoint: str = "./incoming"
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


class SharePuller:
    cred_path = Path(".pacs-share.cred")

    def __init__(self, cfg, password):
        self.cfg = cfg
        self.password = password

    def write_credentials(self):
        self.cred_path.write_text(
            f"username = {self.cfg.username}\npassword = {self.password}\ndomain = {self.cfg.domain}\n")
        os.chmod(self.cred_path, 0o600)

    def command(self, day_dir, local_dir):
        script = f'prompt OFF; recurse ON; cd "{day_dir}"; lcd "{local_dir}"; mget *'
        proto = "SMB3" if self.cfg.vers.startswith("3") else "SMB2"
        return ["smbclient", self.cfg.unc, "-A", str(self.cred_path),
                "-m", proto, "-c", script] + list(self.cfg.extra)

    def pull(self, day, dry_run=False):
        day_dir = day.strftime("%Y/%m/%d")
        local_dir = Path(self.cfg.mountpoint) / day.strftime("%Y-%m-%d")
        local_dir.mkdir(parents=True, exist_ok=True)
        argv = self.command(day_dir, local_dir)
        LOG.info("running: %s", " ".join(shlex.quote(a) for a in argv))
        if dry_run:
            return 0
        self.write_credentials()
        try:
            res = subprocess.run(argv, capture_output=True, text=True, timeout=1800)
        except subprocess.TimeoutExpired:
            LOG.error("copy from %s timed out", self.cfg.unc)
            return 1
        if res.returncode != 0:
            LOG.error("copy failed (%d): %s", res.returncode, res.stderr.strip())
            return res.returncode
        count = sum(1 for p in local_dir.rglob("*") if p.is_file())
        LOG.info("%d files now in %s", count, local_dir)
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="pacs_share.toml")
    ap.add_argument("-d", "--date", help="YYYY-MM-DD, default today")
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
    day = dt.date.fromisoformat(args.date) if args.date else dt.date.today()

    return SharePuller(cfg, password).pull(day, dry_run=args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
