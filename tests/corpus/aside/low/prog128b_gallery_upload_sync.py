#!/usr/bin/env python3
"""Sync an event's booth photos to the client gallery service.

Walks the event folder, uploads every photo that is not on the gallery yet
and keeps a small manifest next to the photos so an interrupted sync
resumes where it stopped. The API token is read from GALLERY_TOKEN.

    gallery_upload_sync.py ./events/2024-06-15-hart-wedding --title "Hart Wedding"
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

API_BASE = os.environ.get("GALLERY_API", "https://api.pixiegallery.example.com/v2")
MANIFEST_NAME = ".gallery_sync.json"
PHOTO_EXTS = {".jpg", ".jpeg", ".png", ".gif", ".mp4"}
log = logging.getLogger("gallery-sync")


class GalleryClient:
    def __init__(self, base: str, token: str, timeout: int = 30):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "booth-gallery-sync/1.4",
        })

    def ensure_album(self, slug: str, title: str) -> str:
        r = self.session.get(f"{self.base}/albums/{slug}", timeout=self.timeout)
        if r.status_code == 404:
            r = self.session.post(
                f"{self.base}/albums",
                json={"slug": slug, "title": title, "visibility": "link"},
                timeout=self.timeout,
            )
        r.raise_for_status()
        return r.json()["id"]

    def upload(self, album_id: str, path: Path, checksum: str) -> str:
        with path.open("rb") as fh:
            r = self.session.post(
                f"{self.base}/albums/{album_id}/photos",
                files={"file": (path.name, fh)},
                data={"checksum": checksum},
                timeout=self.timeout * 4,
            )
        r.raise_for_status()
        return r.json().get("id", "")


def file_key(path: Path) -> str:
    """Cheap content key used only to skip files already uploaded."""
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_manifest(folder: Path) -> dict:
    p = folder / MANIFEST_NAME
    if p.exists():
        try:
            return json.loads(p.read_text())
        except json.JSONDecodeError:
            log.warning("manifest corrupt, starting fresh")
    return {"uploaded": {}}


def save_manifest(folder: Path, manifest: dict) -> None:
    p = folder / MANIFEST_NAME
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(manifest, indent=1))
    os.chmod(tmp, 0o600)
    tmp.replace(p)


def photos(folder: Path):
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.suffix.lower() in PHOTO_EXTS and not p.name.startswith("."):
            yield p


def upload_with_retry(client, album_id, path, key, attempts=4):
    for n in range(1, attempts + 1):
        try:
            return client.upload(album_id, path, key)
        except requests.RequestException as exc:
            wait = 2 ** n
            log.warning("upload %s failed (%s), retry %d/%d in %ds", path.name, exc, n, attempts, wait)
            time.sleep(wait)
    raise RuntimeError(f"giving up on {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description="Upload booth photos to the client gallery")
    ap.add_argument("folder", type=Path)
    ap.add_argument("--title", help="album title (defaults to folder name)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("GALLERY_TOKEN")
    if not token:
        log.error("GALLERY_TOKEN is not set")
        return 2
    if not args.folder.is_dir():
        log.error("%s is not a directory", args.folder)
        return 2

    client = GalleryClient(API_BASE, token)
    slug = args.folder.name.lower().replace(" ", "-")
    album_id = client.ensure_album(slug, args.title or args.folder.name)
    manifest = load_manifest(args.folder)
    done = manifest["uploaded"]

    sent = skipped = 0
    for path in photos(args.folder):
        key = file_key(path)
        if done.get(str(path.relative_to(args.folder))) == key:
            skipped += 1
            continue
        if args.dry_run:
            log.info("would upload %s", path.name)
            continue
        upload_with_retry(client, album_id, path, key)
        done[str(path.relative_to(args.folder))] = key
        sent += 1
        if sent % 25 == 0:
            save_manifest(args.folder, manifest)
    save_manifest(args.folder, manifest)
    log.info("uploaded %d, already present %d", sent, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
