#!/usr/bin/env python3
"""Restore a dependency cache archive from the shared build-farm cache.

Looks up the exact key first, then falls back to the newest entry matching a
restore prefix.  The archive is streamed to disk and unpacked into the job's
working directory.
"""
import argparse
import io
import logging
import os
import sys
import tarfile
import time
from pathlib import Path

import requests

log = logging.getLogger("cache-restore")
CACHE_SERVER = os.environ.get("BUILD_CACHE_URL", "https://cache.buildfarm.example.net")


class CacheLookupError(RuntimeError):
    pass


def lookup(session, key, prefixes):
    resp = session.get(f"{CACHE_SERVER}/entries/{key}", timeout=15)
    if resp.status_code == 200:
        return resp.json()["download_url"], True
    for prefix in prefixes:
        resp = session.get(f"{CACHE_SERVER}/entries", params={"prefix": prefix, "limit": 1},
                           timeout=15)
        resp.raise_for_status()
        rows = resp.json().get("entries", [])
        if rows:
            return rows[0]["download_url"], False
    raise CacheLookupError(f"no cache entry for {key}")


def download(session, url, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            with session.get(url, stream=True, timeout=60) as resp:
                resp.raise_for_status()
                buf = io.BytesIO()
                for chunk in resp.iter_content(1 << 16):
                    buf.write(chunk)
                buf.seek(0)
                return buf
        except requests.RequestException as exc:
            log.warning("download attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    raise CacheLookupError("download failed")


def unpack(blob, dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    mode = "r:gz" if blob.getbuffer()[:2] == b"\x1f\x8b" else "r:"
    with tarfile.open(fileobj=blob, mode=mode) as archive:
        members = archive.getmembers()
        archive.extractall(path=dest)
    return len(members)


def write_output(name, value):
    out = os.environ.get("GITHUB_OUTPUT")
    if out:
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(f"{name}={value}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--key", required=True)
    ap.add_argument("--restore-prefix", action="append", default=[])
    ap.add_argument("--path", default=".cache/deps")
    ap.add_argument("--fail-on-miss", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "ci-cache-restore/1.4"
    try:
        url, exact = lookup(session, args.key, args.restore_prefix)
        blob = download(session, url)
    except (CacheLookupError, requests.RequestException) as exc:
        log.info("cache miss: %s", exc)
        write_output("cache-hit", "false")
        return 1 if args.fail_on_miss else 0
    count = unpack(blob, Path(args.path))
    log.info("restored %d entries into %s (exact=%s)", count, args.path, exact)
    write_output("cache-hit", "true" if exact else "false")
    return 0


if __name__ == "__main__":
    sys.exit(main())
