#!/usr/bin/env python3
"""Sync show LUTs (.cube/.3dl/.csp) from the colour department's LUT server.

The LUT server publishes a manifest per show:

    GET {server}/shows/{show}/manifest.json
    {"revision": 41, "luts": [{"name": "SHOW_LOG2REC709_v3.cube",
                               "url": "/shows/SHOW/luts/...",
                               "sha256": "..."}]}

Files are mirrored into ./luts/<show>/ and only re-downloaded when the
manifest checksum changes. A small cache index (keyed by MD5 of the URL)
records ETags so repeated syncs are cheap.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

LOG = logging.getLogger("lutsync")
USER_AGENT = "lutsync/1.4"


class LutServer:
    def __init__(self, base_url, show, timeout=20):
        self.base = base_url.rstrip("/") + "/"
        self.show = show
        self.timeout = timeout

    def url(self, path):
        return urllib.parse.urljoin(self.base, path.lstrip("/"))

    def get(self, path, etag=None):
        req = urllib.request.Request(self.url(path), headers={"User-Agent": USER_AGENT})
        if etag:
            req.add_header("If-None-Match", etag)
        for attempt in range(1, 4):
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.status, resp.headers.get("ETag"), resp.read()
            except urllib.error.HTTPError as exc:
                if exc.code == 304:
                    return 304, etag, b""
                if exc.code < 500:
                    raise
                LOG.warning("server error %s on %s (attempt %d)", exc.code, path, attempt)
            except urllib.error.URLError as exc:
                LOG.warning("network error on %s: %s (attempt %d)", path, exc.reason, attempt)
            time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {path}")

    def manifest(self):
        _status, _etag, body = self.get(f"shows/{self.show}/manifest.json")
        return json.loads(body)


class CacheIndex:
    def __init__(self, path):
        self.path = path
        try:
            self.data = json.loads(path.read_text())
        except (OSError, ValueError):
            self.data = {}

    @staticmethod
    def key(url):
        return hashlib.md5(url.encode()).hexdigest()

    def etag(self, url):
        return self.data.get(self.key(url), {}).get("etag")

    def store(self, url, etag, sha):
        self.data[self.key(url)] = {"etag": etag, "sha256": sha, "url": url}

    def save(self):
        self.path.write_text(json.dumps(self.data, indent=1))
        os.chmod(self.path, 0o600)


def sync(server, dest, force=False):
    dest.mkdir(parents=True, exist_ok=True)
    cache = CacheIndex(dest / ".lutsync_cache.json")
    manifest = server.manifest()
    LOG.info("show %s manifest revision %s, %d LUTs",
             server.show, manifest.get("revision"), len(manifest.get("luts", [])))
    changed = 0
    for entry in manifest.get("luts", []):
        name = Path(entry["name"]).name
        target = dest / name
        etag = None if force or not target.exists() else cache.etag(entry["url"])
        status, new_etag, body = server.get(entry["url"], etag=etag)
        if status == 304:
            continue
        sha = hashlib.sha256(body).hexdigest()
        if entry.get("sha256") and sha != entry["sha256"]:
            LOG.error("checksum mismatch for %s, keeping old copy", name)
            continue
        target.write_bytes(body)
        cache.store(entry["url"], new_etag, sha)
        changed += 1
        LOG.info("updated %s", name)
    cache.save()
    (dest / "REVISION").write_text(str(manifest.get("revision", "")))
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mirror show LUTs from the LUT server")
    ap.add_argument("show")
    ap.add_argument("--server", default=os.environ.get("LUT_SERVER", "https://luts.studio.example.com"))
    ap.add_argument("--dest", default="luts")
    ap.add_argument("--force", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    server = LutServer(args.server, args.show)
    try:
        n = sync(server, Path(args.dest) / args.show, force=args.force)
    except (RuntimeError, urllib.error.HTTPError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    LOG.info("%d LUT(s) updated", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
