#!/usr/bin/env python3
"""Sync vulnerability-scanner template bundles from the internal mirror.

The scan farm cannot reach the internet, so template bundles (nuclei
templates, custom checks) are published as tarballs on the internal
artifact mirror. This tool reads the bundle index, downloads any bundle
whose version changed, unpacks it into ./templates/<bundle>/ and records
what it installed in ./templates/.index.json.

The mirror uses the corporate CA; set MIRROR_CA_BUNDLE to its PEM to
enable certificate checking.
"""
import argparse
import hashlib
import io
import json
import logging
import os
import shutil
import ssl
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("template-sync")

MIRROR = os.environ.get("TEMPLATE_MIRROR", "https://artifacts.corp.example/scan-templates")
DEST = Path("templates")
STATE = DEST / ".index.json"


def tls_context():
    ca = os.environ.get("MIRROR_CA_BUNDLE")
    if ca:
        return ssl.create_default_context(cafile=ca)
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


class Mirror:
    def __init__(self, base, retries=3):
        self.base = base.rstrip("/")
        self.ctx = tls_context()
        self.retries = retries

    def get(self, path):
        url = f"{self.base}/{path.lstrip('/')}"
        last = None
        for attempt in range(1, self.retries + 1):
            try:
                req = urllib.request.Request(url, headers={"User-Agent": "template-sync/1.4"})
                with urllib.request.urlopen(req, context=self.ctx, timeout=60) as resp:
                    return resp.read()
            except OSError as exc:
                last = exc
                LOG.warning("GET %s failed (%d/%d): %s", url, attempt, self.retries, exc)
                time.sleep(attempt * 3)
        raise RuntimeError(f"giving up on {url}: {last}")

    def index(self):
        return json.loads(self.get("index.json"))


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {}


def install_bundle(name, blob, expected_sha256):
    digest = hashlib.sha256(blob).hexdigest()
    if expected_sha256 and digest != expected_sha256:
        raise RuntimeError(f"{name}: sha256 {digest} does not match index")
    staging = DEST / f".{name}.staging"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(path=staging)
    final = DEST / name
    if final.exists():
        shutil.rmtree(final)
    staging.rename(final)
    return len(members), digest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundles", nargs="*", help="only these bundles (default: all)")
    ap.add_argument("--force", action="store_true", help="reinstall even if unchanged")
    ap.add_argument("--mirror", default=MIRROR)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    DEST.mkdir(exist_ok=True)
    mirror = Mirror(args.mirror)
    try:
        index = mirror.index()
    except (RuntimeError, ValueError) as exc:
        LOG.error("cannot read bundle index: %s", exc)
        return 2

    state = load_state()
    changed = 0
    for entry in index.get("bundles", []):
        name, version = entry["name"], entry["version"]
        if args.bundles and name not in args.bundles:
            continue
        if not args.force and state.get(name, {}).get("version") == version:
            LOG.info("%s %s up to date", name, version)
            continue
        try:
            blob = mirror.get(entry["path"])
            count, digest = install_bundle(name, blob, entry.get("sha256"))
        except (RuntimeError, tarfile.TarError, OSError) as exc:
            LOG.error("%s: %s", name, exc)
            continue
        state[name] = {"version": version, "sha256": digest, "files": count,
                       "installed": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        LOG.info("%s -> %s (%d files)", name, version, count)
        changed += 1

    STATE.write_text(json.dumps(state, indent=2, sort_keys=True))
    LOG.info("%d bundle(s) updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
