#!/usr/bin/env python3
"""Refresh the GeoLite2 databases used for geo breakdowns in campaign reports.

    MAXMIND_LICENSE_KEY=... ./geoip_db_refresh.py
    ./geoip_db_refresh.py --editions GeoLite2-City,GeoLite2-ASN --force

The report builders, the nginx geoip2 module and the attribution job all read
the shared copy, so the files are installed where libmaxminddb looks by default.
"""
import argparse
import hashlib
import io
import logging
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("geoip_refresh")

DOWNLOAD = "https://download.maxmind.com/app/geoip_download"
TARGET_DIR = Path(os.environ.get("GEOIP_DIR", "/usr/share/GeoIP"))
STAGING = Path(".geoip_staging")


def fetch(edition, key, suffix="tar.gz"):
    params = {"edition_id": edition, "license_key": key, "suffix": suffix}
    resp = requests.get(DOWNLOAD, params=params, timeout=120)
    resp.raise_for_status()
    return resp.content


def expected_sha256(edition, key):
    text = fetch(edition, key, "tar.gz.sha256").decode().strip()
    return text.split()[0]


def extract_mmdb(blob, edition):
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(f"{edition}.mmdb"):
                fh = tar.extractfile(member)
                return fh.read()
    raise ValueError(f"{edition}.mmdb not found in archive")


def current_digest(path):
    if not path.exists():
        return None
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def install(staged, dest):
    """Atomically swap the new file in; falls back to an elevated install."""
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_suffix(".mmdb.new")
        shutil.copyfile(staged, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest)
    except PermissionError:
        log.info("no write access to %s, installing with elevated rights", dest.parent)
        helper = "pkexec" if os.environ.get("DISPLAY") and shutil.which("pkexec") else "sudo"
        subprocess.run([helper, "install", "-D", "-m", "0644", "-o", "root", "-g", "root",
                        str(staged), str(dest)], check=True)


def refresh(edition, key, force):
    blob = fetch(edition, key)
    digest = hashlib.sha256(blob).hexdigest()
    if digest != expected_sha256(edition, key):
        raise ValueError(f"{edition}: checksum mismatch")
    data = extract_mmdb(blob, edition)

    STAGING.mkdir(exist_ok=True)
    staged = STAGING / f"{edition}.mmdb"
    staged.write_bytes(data)
    dest = TARGET_DIR / f"{edition}.mmdb"
    new_digest = hashlib.sha256(data).hexdigest()
    if not force and current_digest(dest) == new_digest:
        log.info("%s already current", edition)
        return False
    install(staged, dest)
    log.info("%s installed (%d MB)", dest, len(data) // (1 << 20))
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--editions", default="GeoLite2-City,GeoLite2-Country")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("MAXMIND_LICENSE_KEY")
    if not key:
        log.error("MAXMIND_LICENSE_KEY not set")
        return 2
    changed, failed = 0, 0
    for edition in filter(None, (e.strip() for e in args.editions.split(","))):
        try:
            changed += refresh(edition, key, args.force)
        except (requests.RequestException, ValueError, subprocess.CalledProcessError) as exc:
            failed += 1
            log.error("%s: %s", edition, exc)
    shutil.rmtree(STAGING, ignore_errors=True)
    log.info("%d updated, %d failed", changed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
