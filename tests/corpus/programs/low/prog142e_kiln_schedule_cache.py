#!/usr/bin/env python3
"""Kiln firing schedule cache.

Downloads the shared firing schedules (anneal curves for different glass
thicknesses) from the studio's schedule library, caches them locally keyed by
URL, and builds a single JSON pack with preview thumbnails for the kiln
tablet app.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("schedcache")

LIBRARY = "https://schedules.example.org/library"
CACHE_DIR = Path(".schedcache")
BUILD_DIR = Path("build")
TOKEN_FILE = Path("library_token.txt")


def os_label():
    # Included in the User-Agent so the library maintainers know what we run.
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


def cache_key(url):
    return hashlib.md5(url.encode()).hexdigest()


def fetch_cached(session, url, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / cache_key(url)
    if path.exists() and not refresh:
        return path.read_bytes()
    resp = session.get(url, timeout=20)
    resp.raise_for_status()
    # Write to a temp file in the cache dir, then rename, so a crash never
    # leaves half a schedule behind.
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, prefix="dl-")
    with os.fdopen(fd, "wb") as fh:
        fh.write(resp.content)
    os.replace(tmp, path)
    return resp.content


def save_token(token):
    TOKEN_FILE.write_text(token)
    os.chmod(TOKEN_FILE, 0o600)


def build_pack(session, refresh):
    index = json.loads(fetch_cached(session, f"{LIBRARY}/index.json", refresh))
    pack = {"schedules": []}
    for item in index.get("schedules", []):
        try:
            sched = json.loads(fetch_cached(session, item["url"], refresh))
            thumb = fetch_cached(session, item["thumbnail"], refresh) if item.get("thumbnail") else b""
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("skip %s: %s", item.get("name"), exc)
            continue
        pack["schedules"].append({
            "name": item["name"],
            "segments": sched.get("segments", []),
            # Tablet app shows this directly as a data: URI image.
            "thumbnail_b64": base64.b64encode(thumb).decode("ascii"),
        })
    return pack


def main():
    ap = argparse.ArgumentParser(description="Build the kiln schedule pack")
    ap.add_argument("--refresh", action="store_true", help="ignore cached downloads")
    ap.add_argument("--clean", action="store_true", help="remove cache and build output first")
    ap.add_argument("--token", help="library access token to store for next runs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (CACHE_DIR, BUILD_DIR):
            shutil.rmtree(d, ignore_errors=True)
        log.info("cleaned cache and build directories")
    if args.token:
        save_token(args.token)

    session = requests.Session()
    session.headers["User-Agent"] = f"kiln-schedcache/0.4 ({os_label()})"
    if TOKEN_FILE.exists():
        session.headers["Authorization"] = "Token " + TOKEN_FILE.read_text().strip()

    try:
        pack = build_pack(session, args.refresh)
    except requests.RequestException as exc:
        log.error("library unavailable: %s", exc)
        return 1
    BUILD_DIR.mkdir(exist_ok=True)
    out = BUILD_DIR / "schedule_pack.json"
    out.write_text(json.dumps(pack, indent=1))
    log.info("wrote %d schedules to %s", len(pack["schedules"]), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
