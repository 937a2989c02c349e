#!/usr/bin/env python3
"""Publish the day's flight photos to the passenger gallery service.

Crew drop the basket-camera SD card contents into ./flights/<date>/<flight>/.
This walks those folders, builds thumbnail metadata and creates one album
per flight on the gallery API, authenticating with the gallery token.
A local ledger stops the same photo being published twice.
"""
import argparse
import base64
import json
import logging
import os
import socket
import sys
from pathlib import Path

import requests

log = logging.getLogger("photo-publish")

GALLERY_API = os.environ.get("GALLERY_API", "https://gallery.bluesky-balloons.example/api")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic"}
LEDGER = Path("published.json")


class GalleryClient:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"

    def register_workstation(self, region):
        payload = {"hostname": socket.gethostname(), "region": region}
        r = self.s.post(f"{self.base}/workstations", json=payload, timeout=20)
        r.raise_for_status()
        return r.json().get("workstation_id")

    def create_album(self, flight_id, date, ws_id):
        r = self.s.post(f"{self.base}/albums",
                        json={"flight": flight_id, "date": date, "workstation": ws_id},
                        timeout=20)
        r.raise_for_status()
        return r.json()["album_id"]

    def add_photo(self, album_id, meta):
        r = self.s.post(f"{self.base}/albums/{album_id}/photos", json=meta, timeout=30)
        r.raise_for_status()


def load_ledger():
    if LEDGER.exists():
        return set(json.loads(LEDGER.read_text()))
    return set()


def save_ledger(done):
    LEDGER.write_text(json.dumps(sorted(done)))
    os.chmod(LEDGER, 0o600)


def iter_flights(root):
    for date_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for flight_dir in sorted(p for p in date_dir.iterdir() if p.is_dir()):
            photos = [p for p in sorted(flight_dir.iterdir()) if p.suffix.lower() in IMAGE_EXT]
            if photos:
                yield date_dir.name, flight_dir.name, photos


def photo_meta(path, preview_bytes):
    with path.open("rb") as fh:
        head = fh.read(preview_bytes)
    return {
        "filename": path.name,
        "size": path.stat().st_size,
        "preview_b64": base64.b64encode(head).decode(),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?", default="flights")
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--preview-bytes", type=int, default=4096)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("no such folder: %s", root)
        return 1
    token = os.environ.get("GALLERY_TOKEN")
    if not token:
        log.error("GALLERY_TOKEN is not set")
        return 2

    client = GalleryClient(GALLERY_API, token)
    try:
        ws_id = client.register_workstation(args.region)
    except requests.RequestException as exc:
        log.error("could not register workstation: %s", exc)
        return 1
    log.info("registered as %s", ws_id)

    done = load_ledger()
    total = 0
    for date, flight, photos in iter_flights(root):
        pending = [p for p in photos if str(p) not in done]
        if not pending:
            continue
        if args.dry_run:
            log.info("%s/%s: %d new photos", date, flight, len(pending))
            continue
        album = client.create_album(flight, date, ws_id)
        for p in pending:
            try:
                client.add_photo(album, photo_meta(p, args.preview_bytes))
                done.add(str(p))
                total += 1
            except requests.RequestException as exc:
                log.warning("%s: %s", p, exc)
        save_ledger(done)
    log.info("published %d photos", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
