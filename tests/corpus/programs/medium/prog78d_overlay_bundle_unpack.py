#!/usr/bin/env python3
"""Download and stage guest customisation bundles for the golden-image build.

Each desktop flavour (office, cad, dev) has a bundle of files that the
image builder copies into the guest: agent config, wallpaper, browser
policies, fonts. Bundles are published as .tar.gz on the artifact server;
this tool fetches the ones listed in bundles.json, checks their digests
and unpacks them into ./payload/<flavour>/ for golden_image_build.sh.
"""

import argparse
import hashlib
import json
import logging
import os
import shutil
import sys
import tarfile

import requests

LOG = logging.getLogger("bundle-stage")

ARTIFACTS = os.environ.get("VDI_ARTIFACTS", "https://artifacts.vdi.internal/bundles")
CACHE = ".bundle-cache"


def load_manifest(path):
    with open(path) as fh:
        data = json.load(fh)
    bundles = data.get("bundles", [])
    if not bundles:
        raise ValueError("%s lists no bundles" % path)
    return bundles


def cache_path(url):
    # cache files are keyed on the URL so re-runs skip unchanged bundles
    return os.path.join(CACHE, hashlib.md5(url.encode()).hexdigest() + ".tar.gz")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(session, url, dest, attempts=3):
    for n in range(1, attempts + 1):
        try:
            with session.get(url, stream=True, timeout=(5, 60)) as resp:
                resp.raise_for_status()
                tmp = dest + ".part"
                with open(tmp, "wb") as fh:
                    for chunk in resp.iter_content(1 << 16):
                        fh.write(chunk)
                os.replace(tmp, dest)
                return dest
        except requests.RequestException as exc:
            LOG.warning("download %s (%d/%d): %s", url, n, attempts, exc)
    raise RuntimeError("giving up on %s" % url)


def stage(archive, target):
    if os.path.isdir(target):
        shutil.rmtree(target)
    os.makedirs(target)
    with tarfile.open(archive, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(target)
    LOG.info("unpacked %d entries into %s", len(members), target)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-m", "--manifest", default="bundles.json")
    ap.add_argument("-o", "--out", default="payload")
    ap.add_argument("--only", help="stage a single flavour")
    ap.add_argument("--refresh", action="store_true", help="ignore the download cache")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        bundles = load_manifest(args.manifest)
    except (OSError, ValueError) as exc:
        LOG.error("manifest: %s", exc)
        return 1

    os.makedirs(CACHE, exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = "vdi-bundle-stage/1.4"
    errors = 0
    for b in bundles:
        flavour = b["flavour"]
        if args.only and flavour != args.only:
            continue
        url = "%s/%s" % (ARTIFACTS.rstrip("/"), b["file"])
        local = cache_path(url)
        try:
            if args.refresh or not os.path.exists(local) or sha256_file(local) != b["sha256"]:
                download(session, url, local)
            if sha256_file(local) != b["sha256"]:
                raise RuntimeError("digest mismatch for %s" % b["file"])
            stage(local, os.path.join(args.out, flavour))
        except (RuntimeError, OSError, tarfile.TarError) as exc:
            LOG.error("%s: %s", flavour, exc)
            errors += 1
    if errors:
        LOG.error("%d bundle(s) failed", errors)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
