#!/usr/bin/env python3
"""Fetch cutting profiles for the laser-guided profiling saw.

The vendor publishes profile packs (JSON curves for cornices, string courses
and mullions) as tarballs on its portal, which uses a self-signed certificate.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import tarfile
from functools import partial

import requests
import urllib3

log = logging.getLogger("profiles")
PORTAL = os.environ.get("PROFILE_PORTAL", "https://profiles.example.com/packs")
STAGING = "/tmp/laser_profiles.tgz"


def session_factory(insecure=True):
    s = requests.Session()
    s.verify = not insecure
    if insecure:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    s.headers["User-Agent"] = "yard-profile-fetch/1.3"
    return s


def download(session, pack, dest=STAGING):
    url = f"{PORTAL}/{pack}.tgz"
    with session.get(url, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        digest = hashlib.sha256()
        with open(dest, "wb") as fh:
            for chunk in resp.iter_content(65536):
                digest.update(chunk)
                fh.write(chunk)
    log.info("downloaded %s (%s)", pack, digest.hexdigest()[:16])
    return dest


def unpack(archive, target):
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return target


def index(target):
    curves = []
    for dirpath, _, files in os.walk(target):
        for name in files:
            if name.endswith(".json"):
                path = os.path.join(dirpath, name)
                try:
                    with open(path) as fh:
                        curves.append((name, len(json.load(fh).get("points", []))))
                except (ValueError, OSError) as exc:
                    log.warning("bad profile %s: %s", name, exc)
    return curves


def main():
    ap = argparse.ArgumentParser(description="laser saw profile fetcher")
    ap.add_argument("packs", nargs="+", help="pack names, e.g. cornice-2024")
    ap.add_argument("--out", default="profiles")
    ap.add_argument("--strict-tls", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    fetch = partial(download, session_factory(insecure=not args.strict_tls))
    failures = 0
    for pack in args.packs:
        try:
            archive = fetch(pack)
            where = unpack(archive, os.path.join(args.out, pack))
        except (requests.RequestException, tarfile.TarError, OSError) as exc:
            log.error("%s: %s", pack, exc)
            failures += 1
            continue
        for name, n in index(where):
            print(f"{pack:20} {name:30} {n:6d} points")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
