#!/usr/bin/env python3
"""Build a hash manifest for an outgoing production volume.

Walks a production folder in the working directory, records SHA-256 hashes
and sizes for every file, and writes:
  * <volume>_manifest.csv   - the manifest that goes to opposing counsel
  * <volume>_manifest.env   - KEY=value lines the cover-letter shell script
                              reads later (sourced by that script, not here)
Hashes are cached between runs (keyed by an MD5 of path+size+mtime) so
re-running on a 40 GB volume is quick.  Optionally the summary is posted to
the firm's DMS API so the matter record shows the production.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("prod-manifest")

DMS_API = "https://api.example.com/v1/productions"
CACHE_NAME = ".manifest_cache.json"


class HashCache:
    def __init__(self, path):
        self.path = Path(path)
        try:
            self.data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.data = {}
        self.hits = 0

    @staticmethod
    def key(p, st):
        return hashlib.md5(f"{p}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()

    def get(self, key):
        value = self.data.get(key)
        if value:
            self.hits += 1
        return value

    def put(self, key, digest):
        self.data[key] = digest

    def save(self):
        self.path.write_text(json.dumps(self.data), encoding="utf-8")
        os.chmod(self.path, 0o600)


def sha256_file(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def build_manifest(volume_dir, cache):
    rows = []
    for path in sorted(volume_dir.rglob("*")):
        if not path.is_file() or path.name == CACHE_NAME:
            continue
        st = path.stat()
        key = HashCache.key(path, st)
        digest = cache.get(key)
        if digest is None:
            digest = sha256_file(path)
            cache.put(key, digest)
        rows.append({"path": str(path.relative_to(volume_dir)), "bytes": st.st_size, "sha256": digest})
    return rows


def write_outputs(volume, rows, out_dir):
    csv_path = out_dir / f"{volume}_manifest.csv"
    with open(csv_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["path", "bytes", "sha256"])
        writer.writeheader()
        writer.writerows(rows)
    total = sum(r["bytes"] for r in rows)
    manifest_digest = hashlib.sha256(csv_path.read_bytes()).hexdigest()
    env_path = out_dir / f"{volume}_manifest.env"
    env_path.write_text(
        f"PROD_VOLUME={volume}\nPROD_FILES={len(rows)}\nPROD_BYTES={total}\n"
        f"PROD_MANIFEST_SHA256={manifest_digest}\n",
        encoding="utf-8",
    )
    return csv_path, total, manifest_digest


def post_summary(api_url, api_key, summary):
    req = urllib.request.Request(api_url, data=json.dumps(summary).encode(), method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {api_key}"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description="Hash manifest for a production volume")
    ap.add_argument("volume_dir", help="folder under the working directory, e.g. PROD003")
    ap.add_argument("--matter", default=os.environ.get("MATTER_ID", ""))
    ap.add_argument("--post", action="store_true", help="post the summary to the DMS API")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    volume_dir = Path(args.volume_dir)
    if not volume_dir.is_dir():
        LOG.error("%s is not a folder", volume_dir)
        return 1
    volume = volume_dir.resolve().name
    cache = HashCache(Path.cwd() / CACHE_NAME)
    rows = build_manifest(volume_dir, cache)
    cache.save()
    csv_path, total, digest = write_outputs(volume, rows, Path.cwd())
    LOG.info("%d files, %d bytes, %d cache hits -> %s", len(rows), total, cache.hits, csv_path)

    if args.post:
        api_key = os.environ.get("DMS_API_KEY")
        if not api_key:
            LOG.error("DMS_API_KEY is not set; skipping post")
            return 1
        summary = {"matter": args.matter, "volume": volume, "files": len(rows),
                   "bytes": total, "manifest_sha256": digest}
        try:
            status = post_summary(DMS_API, api_key, summary)
            LOG.info("DMS updated (%s)", status)
        except urllib.error.URLError as exc:
            LOG.error("could not reach DMS API: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
