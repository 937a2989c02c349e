#!/usr/bin/env python3
"""Fetch the shared docs theme bundle into ./vendor/theme.

The artefact mirror sits behind the office proxy that re-signs TLS with a
private CA that most laptops do not trust, so certificate checks are
switched off for that host.  The bundle index lists each release with a
base64-encoded sha256 digest; the tarball is checked against it and then
unpacked.  Only static files (css, fonts, images) are in the bundle.
"""

import argparse
import base64
import hashlib
import io
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("asset-sync")

MIRROR = "https://artefacts.office.example.net/docs-theme"
DEST = Path("vendor/theme")
STAMP = DEST / ".release"

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def get(session, path, **kw):
    url = f"{MIRROR}/{path.lstrip('/')}"
    log.debug("GET %s", url)
    resp = session.get(url, timeout=30, verify=False, **kw)
    resp.raise_for_status()
    return resp


def pick_release(index, wanted):
    releases = index.get("releases", [])
    if not releases:
        raise LookupError("index has no releases")
    if wanted == "latest":
        return max(releases, key=lambda r: tuple(int(p) for p in r["version"].split(".")))
    for rel in releases:
        if rel["version"] == wanted:
            return rel
    raise LookupError(f"release {wanted} not in index")


def verify_digest(blob, b64_digest):
    expected = base64.b64decode(b64_digest).hex()
    actual = hashlib.sha256(blob).hexdigest()
    if expected != actual:
        raise ValueError(f"digest mismatch: {actual} != {expected}")


def unpack(blob, dest: Path, clean: bool):
    if clean and dest.exists():
        log.info("removing previous %s", dest)
        shutil.rmtree(dest)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tf:
        members = tf.getmembers()
        log.info("extracting %d members", len(members))
        tf.extractall(dest)
    return len(members)


def current_release():
    try:
        return STAMP.read_text(encoding="utf-8").strip()
    except OSError:
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--release", default="latest")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--keep", action="store_true", help="do not wipe vendor/theme first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    with requests.Session() as session:
        session.headers["User-Agent"] = "asset-sync/1.3"
        try:
            index = get(session, "index.json").json()
            rel = pick_release(index, args.release)
        except (requests.RequestException, json.JSONDecodeError, LookupError) as exc:
            log.error("cannot read index: %s", exc)
            return 2

        if rel["version"] == current_release() and not args.force:
            log.info("theme %s already installed", rel["version"])
            return 0

        log.info("downloading theme %s (%s)", rel["version"], rel["file"])
        try:
            blob = get(session, rel["file"]).content
            verify_digest(blob, rel["sha256_b64"])
        except (requests.RequestException, ValueError) as exc:
            log.error("download failed: %s", exc)
            return 3

    count = unpack(blob, DEST, clean=not args.keep)
    STAMP.write_text(rel["version"] + "\n", encoding="utf-8")
    log.info("installed theme %s (%d files) into %s", rel["version"], count, DEST)
    return 0


if __name__ == "__main__":
    sys.exit(main())
