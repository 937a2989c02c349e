#!/usr/bin/env python3
"""Firmware update check for the Raspberry Pi based home gateway image.

Checks the release manifest, compares it with the running build from
/etc/os-release and, if asked, downloads and verifies the newer
kernel/initramfs pair into ./downloads for the admin to flash from the web
UI. Exit code 10 means an update is available (handy for monitoring).
"""
import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

import requests

log = logging.getLogger("fw-check")

MANIFEST_URL = "https://releases.homegw.example.org/rpi4/stable/manifest.json"
CACHE_DIR = Path("downloads")


def running_build(path="/etc/os-release"):
    info = {}
    with open(path) as fh:
        for line in fh:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                info[k] = v.strip('"')
    return info.get("BUILD_ID") or info.get("VERSION_ID", "0")


def version_tuple(v):
    return tuple(int(p) if p.isdigit() else 0 for p in v.replace("-", ".").split("."))


def fetch_manifest(session, url):
    r = session.get(url, timeout=20)
    r.raise_for_status()
    return r.json()


def download(session, url, dest, sha256):
    dest.parent.mkdir(parents=True, exist_ok=True)
    if dest.exists() and _digest(dest) == sha256:
        log.info("%s already downloaded", dest.name)
        return dest
    h = hashlib.sha256()
    with session.get(url, stream=True, timeout=60) as r, open(dest, "wb") as fh:
        r.raise_for_status()
        for chunk in r.iter_content(1 << 16):
            fh.write(chunk)
            h.update(chunk)
    if h.hexdigest() != sha256:
        dest.unlink()
        raise ValueError(f"checksum mismatch for {dest.name}")
    log.info("downloaded %s", dest.name)
    return dest


def _digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def report(current, manifest, as_json):
    latest = manifest["build"]
    newer = version_tuple(latest) > version_tuple(current)
    if as_json:
        print(json.dumps({"running": current, "latest": latest, "update": newer,
                          "notes": manifest.get("notes_url")}))
    elif newer:
        print(f"update available: {current} -> {latest}")
        if manifest.get("notes_url"):
            print(f"release notes: {manifest['notes_url']}")
    else:
        print(f"up to date ({current})")
    return newer


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--channel", default="stable")
    ap.add_argument("--download", action="store_true", help="fetch the new images into ./downloads")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")

    current = running_build()
    session = requests.Session()
    session.headers["User-Agent"] = f"homegw-fw/{current}"
    try:
        manifest = fetch_manifest(session, args.manifest.replace("/stable/", f"/{args.channel}/"))
    except (requests.RequestException, ValueError) as exc:
        log.error("manifest unavailable: %s", exc)
        return 1

    if not report(current, manifest, args.json):
        return 0
    if args.download:
        try:
            for role in ("kernel", "initrd"):
                entry = manifest["files"][role]
                path = download(session, entry["url"], CACHE_DIR / Path(entry["url"]).name,
                                entry["sha256"])
                print(f"{role}: {path}")
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.error("download failed: %s", exc)
            return 2
    return 10


if __name__ == "__main__":
    sys.exit(main())
