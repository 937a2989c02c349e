#!/usr/bin/env python3
"""Check card reader firmware versions and apply vendor hotfixes.

Each car's card reader reports its firmware version in reader_status.json.
This compares it with the vendor's manifest and, when a hotfix is listed
for that version, applies it on the head unit.
"""

import argparse
import hashlib
import json
import logging
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin

import requests

log = logging.getLogger("hotfix")

MANIFEST_BASE = "https://updates.example.com/readers/"
STATUS_FILE = "reader_status.json"


def load_status(path):
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        log.error("no %s found, is the reader bridge running?", path)
        sys.exit(2)


def fetch_manifest(model):
    url = urljoin(MANIFEST_BASE, f"{model}/manifest.json")
    resp = requests.get(url, timeout=10)
    resp.raise_for_status()
    return resp.json()


def _apply_python(body, ctx):
    scope = {"__name__": "__hotfix__", "ctx": ctx}
    exec(compile(body, "<hotfix>", "exec"), scope)


def _apply_shell(body, ctx):
    subprocess.run(["sh", "-s"], input=body, text=True, check=True)


HANDLERS = {
    "py": _apply_python,
    "sh": _apply_shell,
}


class HotfixRunner:
    def __init__(self, status, dry_run=False):
        self.status = status
        self.dry_run = dry_run

    def pending(self, manifest):
        current = self.status.get("firmware")
        return [h for h in manifest.get("hotfixes", [])
                if current in h.get("applies_to", [])]

    def download(self, entry):
        url = urljoin(MANIFEST_BASE, entry["path"])
        resp = requests.get(url, timeout=20)
        resp.raise_for_status()
        body = resp.text
        digest = hashlib.sha256(body.encode()).hexdigest()
        log.debug("downloaded %s (%s)", entry["id"], digest[:12])
        return body

    def apply(self, entry):
        kind = entry.get("kind", "sh")
        handler = HANDLERS.get(kind)
        if handler is None:
            log.warning("unknown hotfix kind %s for %s", kind, entry["id"])
            return False
        body = self.download(entry)
        if self.dry_run:
            log.info("would apply %s (%d bytes)", entry["id"], len(body))
            return True
        handler(body, {"reader": self.status})
        log.info("applied %s", entry["id"])
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status", default=STATUS_FILE)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    status = load_status(args.status)
    model = status.get("model", "unknown")
    try:
        manifest = fetch_manifest(model)
    except requests.RequestException as exc:
        log.error("could not fetch manifest for %s: %s", model, exc)
        return 1

    runner = HotfixRunner(status, dry_run=args.dry_run)
    todo = runner.pending(manifest)
    if not todo:
        log.info("reader %s on firmware %s is up to date", model, status.get("firmware"))
        return 0
    failures = 0
    for entry in todo:
        try:
            runner.apply(entry)
        except Exception as exc:  # keep going with the other hotfixes
            failures += 1
            log.error("hotfix %s failed: %s", entry.get("id"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
