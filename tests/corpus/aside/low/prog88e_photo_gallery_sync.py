#!/usr/bin/env python3
"""Sync a folder of wedding photos to a Lumen gallery album.

    GALLERY_TOKEN=... ./prog88e_photo_gallery_sync.py ./export/ceremony --album "Ceremony"

Photos are de-duplicated by content hash against what is already in the
album, uploaded in parallel and then the album manifest is published so the
guest link goes live.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import logging
import os
import socket
import sys
from pathlib import Path

import requests

API = os.environ.get("GALLERY_API_URL", "https://api.lumengallery.app/v1")
EXTS = {".jpg", ".jpeg", ".png", ".heic", ".webp"}
log = logging.getLogger("gallery")


def sha256_file(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def iter_photos(root):
    for p in sorted(Path(root).rglob("*")):
        if p.is_file() and p.suffix.lower() in EXTS and not p.name.startswith("."):
            yield p


class GalleryClient:
    def __init__(self, token, base=API, timeout=60):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.s = requests.Session()
        self.s.headers.update({"Authorization": f"Bearer {token}",
                               "User-Agent": "lumen-sync/2.3"})

    def _url(self, *parts):
        return "/".join([self.base, *parts])

    def ensure_album(self, title):
        r = self.s.get(self._url("albums"), params={"title": title}, timeout=self.timeout)
        r.raise_for_status()
        found = r.json().get("items", [])
        if found:
            return found[0]["id"]
        r = self.s.post(self._url("albums"), json={"title": title, "visibility": "link"},
                        timeout=self.timeout)
        r.raise_for_status()
        return r.json()["id"]

    def existing_hashes(self, album_id):
        r = self.s.get(self._url("albums", album_id, "photos"), timeout=self.timeout)
        r.raise_for_status()
        return {p["sha256"] for p in r.json().get("items", [])}

    def upload(self, album_id, path, digest):
        with open(path, "rb") as fh:
            r = self.s.post(self._url("albums", album_id, "photos"),
                            files={"file": (path.name, fh)},
                            data={"sha256": digest}, timeout=self.timeout)
        r.raise_for_status()
        return r.json()["id"]

    def publish(self, album_id, photo_ids):
        manifest = {"photos": photo_ids, "cover": photo_ids[0] if photo_ids else None,
                    "published_by": socket.gethostname()}
        r = self.s.put(self._url("albums", album_id, "manifest"),
                       data=json.dumps(manifest),
                       headers={"Content-Type": "application/json"}, timeout=self.timeout)
        r.raise_for_status()
        return r.json().get("share_url")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Upload photos to a Lumen gallery album")
    ap.add_argument("folder")
    ap.add_argument("--album", required=True)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("GALLERY_TOKEN")
    if not token:
        log.error("GALLERY_TOKEN is not set")
        return 2

    photos = list(iter_photos(args.folder))
    if not photos:
        log.error("no photos found under %s", args.folder)
        return 1
    client = GalleryClient(token)
    try:
        album_id = client.ensure_album(args.album)
        have = client.existing_hashes(album_id)
    except requests.RequestException as exc:
        log.error("gallery API unavailable: %s", exc)
        return 3

    todo = [(p, d) for p in photos if (d := sha256_file(p)) not in have]
    log.info("%d photos, %d new", len(photos), len(todo))
    if args.dry_run:
        return 0

    ids, failed = [], 0
    with cf.ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(client.upload, album_id, p, d): p for p, d in todo}
        for fut in cf.as_completed(futs):
            try:
                ids.append(fut.result())
            except requests.RequestException as exc:
                failed += 1
                log.warning("upload failed for %s: %s", futs[fut].name, exc)
    url = client.publish(album_id, ids)
    log.info("published %d photos (%d failed): %s", len(ids), failed, url)
    return 0 if not failed else 4


if __name__ == "__main__":
    sys.exit(main())
