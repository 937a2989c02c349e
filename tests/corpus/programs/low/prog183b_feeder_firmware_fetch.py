#!/usr/bin/env python3
"""Download the auto-feeder firmware image and verify it before flashing.

Only fetches and checks the file; flashing is done by hand with the vendor's
USB tool afterwards.  Keeps the last few images in ./firmware.
"""

import argparse
import hashlib
import json
import logging
import os
import urllib.request
from pathlib import Path

LOG = logging.getLogger("fw_fetch")

VENDOR_BASE = os.environ.get("FEEDER_VENDOR_BASE",
                             "https://updates.feedmaster.example.com")
FW_DIR = Path("firmware")
KEEP = 3


def get(url, timeout=30):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


def fetch_manifest(channel):
    data = get(f"{VENDOR_BASE}/{channel}/manifest.json")
    manifest = json.loads(data)
    LOG.info("latest %s firmware: %s", channel, manifest["version"])
    return manifest


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def download(manifest, channel):
    FW_DIR.mkdir(exist_ok=True)
    name = manifest["file"]
    target = FW_DIR / name
    if target.exists() and sha256(target.read_bytes()) == manifest["sha256"]:
        LOG.info("%s already downloaded and verified", target)
        return target

    blob = get(f"{VENDOR_BASE}/{channel}/{name}", timeout=120)
    digest = sha256(blob)
    if digest != manifest["sha256"]:
        raise ValueError(f"checksum mismatch for {name}: {digest}")
    target.write_bytes(blob)
    os.chmod(target, 0o600)
    LOG.info("saved %s (%d bytes, sha256 ok)", target, len(blob))
    return target


def prune():
    images = sorted(FW_DIR.glob("*.bin"), key=lambda p: p.stat().st_mtime,
                    reverse=True)
    for old in images[KEEP:]:
        LOG.info("removing old image %s", old)
        old.unlink()


def main():
    ap = argparse.ArgumentParser(description="Fetch feeder firmware")
    ap.add_argument("-c", "--channel", default="stable",
                    choices=["stable", "beta"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        manifest = fetch_manifest(args.channel)
        path = download(manifest, args.channel)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("firmware fetch failed: %s", exc)
        return 1
    prune()
    print(f"Ready to flash: {path}")
    print("Use the FeedMaster USB tool to flash it onto the controller.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
