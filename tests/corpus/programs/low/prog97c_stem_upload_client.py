#!/usr/bin/env python3
"""Upload bounced stems for a session to the mixing partner's portal.

    stem_upload_client.py sessions/2024-05-11_the-larks/bounces --project larks-ep

Stems are sent in chunks so a dropped connection only repeats the current
chunk.  The portal API key comes from STEMPORTAL_API_KEY.  Finished uploads
are remembered in ./.stemup-cache so re-running the command only sends new
or changed bounces.
"""

import argparse
import hashlib
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("stemup")
API = os.environ.get("STEMPORTAL_URL", "https://api.stemportal.io/v2")
CHUNK = 8 * 1024 * 1024
AUDIO_EXT = {".wav", ".aif", ".aiff", ".flac"}
CACHE = Path(".stemup-cache")


class PortalClient:
    def __init__(self, key, project, retries=4):
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {key}",
                               "User-Agent": "stemup/2.3"})
        self.project = project
        self.retries = retries

    def _call(self, method, path, **kw):
        for attempt in range(1, self.retries + 1):
            try:
                r = self.s.request(method, f"{API}{path}", timeout=60, **kw)
                if r.status_code < 500:
                    r.raise_for_status()
                    return r.json() if r.content else {}
                LOG.warning("%s %s -> %s (attempt %d)", method, path, r.status_code, attempt)
            except requests.ConnectionError as exc:
                LOG.warning("connection error (attempt %d): %s", attempt, exc)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"{method} {path} failed after {self.retries} attempts")

    def start(self, name, size, digest):
        return self._call("POST", f"/projects/{self.project}/stems",
                          json={"name": name, "size": size, "sha256": digest})["upload_id"]

    def put_chunk(self, upload_id, index, data):
        self._call("PUT", f"/uploads/{upload_id}/chunks/{index}", data=data,
                   headers={"Content-Type": "application/octet-stream"})

    def finish(self, upload_id, note=None):
        return self._call("POST", f"/uploads/{upload_id}/complete",
                          json={"note": note} if note else None)


def cache_key(path):
    st = path.stat()
    return hashlib.md5(f"{path.resolve()}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()


def sha256_of(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def upload_stem(client, path, note):
    marker = CACHE / cache_key(path)
    if marker.exists():
        LOG.info("skip %s (already uploaded)", path.name)
        return
    size = path.stat().st_size
    upload_id = client.start(path.name, size, sha256_of(path))
    with path.open("rb") as fh:
        for index, data in enumerate(iter(lambda: fh.read(CHUNK), b"")):
            client.put_chunk(upload_id, index, data)
            LOG.debug("%s chunk %d", path.name, index)
    client.finish(upload_id, note)
    CACHE.mkdir(exist_ok=True)
    marker.write_text(upload_id)
    LOG.info("uploaded %s (%.1f MB)", path.name, size / 1e6)


def main():
    ap = argparse.ArgumentParser(description="upload stems to the mixing portal")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--project", required=True)
    ap.add_argument("--note", help="message shown to the mix engineer")
    ap.add_argument("--clear-cache", action="store_true",
                    help="forget which stems were already sent")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("STEMPORTAL_API_KEY")
    if not key:
        LOG.error("STEMPORTAL_API_KEY is not set")
        return 2
    if args.clear_cache and CACHE.is_dir():
        for marker in CACHE.iterdir():
            marker.unlink()
        LOG.info("upload cache cleared")
    stems = sorted(p for p in args.folder.iterdir() if p.suffix.lower() in AUDIO_EXT)
    if not stems:
        LOG.error("no audio files in %s", args.folder)
        return 1

    client = PortalClient(key, args.project)
    failed = 0
    for stem in stems:
        try:
            upload_stem(client, stem, args.note)
        except (RuntimeError, requests.HTTPError, OSError) as exc:
            failed += 1
            LOG.error("%s: %s", stem.name, exc)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
