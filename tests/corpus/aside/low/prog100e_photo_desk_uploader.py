#!/usr/bin/env python3
"""Photo desk uploader.

Pushes captioned images from the local drop folder into the CMS media
library and attaches them to a story. Captions come from the sidecar JSON
files written by the captioning tool (<image>.json next to each image).

    PHOTODESK_TOKEN=... ./photo_desk_uploader.py --story council-budget-vote
"""
import argparse
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import requests
from PIL import Image

log = logging.getLogger("photodesk")

DEFAULT_API = "https://cms.valleygazette.example/api/v2"
ALLOWED = {".jpg", ".jpeg", ".png", ".tif", ".tiff"}
MAX_EDGE = 3000


def load_caption(img_path: Path) -> dict:
    sidecar = img_path.with_suffix(".json")
    if not sidecar.exists():
        return {}
    try:
        with sidecar.open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("unreadable sidecar %s: %s", sidecar, exc)
        return {}


def prepare_rendition(img_path: Path, workdir: Path) -> Path:
    """Downscale to the web master size; reuses a fresh rendition if present."""
    workdir.mkdir(exist_ok=True)
    out = workdir / (img_path.stem + "_web.jpg")
    if out.exists() and out.stat().st_mtime >= img_path.stat().st_mtime:
        return out
    with Image.open(img_path) as im:
        im = im.convert("RGB")
        im.thumbnail((MAX_EDGE, MAX_EDGE))
        im.save(out, "JPEG", quality=88, optimize=True)
    return out


class MediaClient:
    def __init__(self, base_url: str, token: str, timeout: int = 30):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "photodesk-uploader/1.4",
        })

    def upload(self, rendition: Path, meta: dict) -> str:
        with rendition.open("rb") as fh:
            resp = self.session.post(
                f"{self.base}/media",
                files={"file": (rendition.name, fh, "image/jpeg")},
                data={"meta": json.dumps(meta)},
                timeout=self.timeout,
            )
        resp.raise_for_status()
        return resp.json()["id"]

    def attach(self, media_id: str, story: str) -> None:
        resp = self.session.post(
            f"{self.base}/stories/{story}/media",
            json={"media_id": media_id, "role": "inline"},
            timeout=self.timeout,
        )
        resp.raise_for_status()


def build_meta(img: Path, caption: dict, args) -> dict:
    return {
        "filename": img.name,
        "caption": caption.get("caption", ""),
        "credit": caption.get("credit") or args.credit,
        "byline": caption.get("photographer", ""),
        "keywords": caption.get("keywords", []),
        "desk": args.desk,
    }


def upload_with_retry(client, rendition, meta, retries):
    for attempt in range(1, retries + 1):
        try:
            return client.upload(rendition, meta)
        except requests.RequestException as exc:
            log.warning("upload of %s failed (%d/%d): %s", rendition.name, attempt, retries, exc)
            time.sleep(2 * attempt)
    raise RuntimeError(f"giving up on {rendition.name}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Upload captioned photos to the CMS")
    p.add_argument("--drop", default="drop", type=Path)
    p.add_argument("--story", required=True, help="story slug to attach to")
    p.add_argument("--api", default=os.environ.get("PHOTODESK_API", DEFAULT_API))
    p.add_argument("--credit", default="Valley Gazette")
    p.add_argument("--desk", default="news")
    p.add_argument("--retries", type=int, default=3)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("PHOTODESK_TOKEN")
    if not token and not args.dry_run:
        log.error("PHOTODESK_TOKEN is not set")
        return 2

    images = sorted(f for f in args.drop.glob("*") if f.suffix.lower() in ALLOWED)
    if not images:
        log.info("nothing in %s", args.drop)
        return 0

    client = MediaClient(args.api, token or "")
    done_dir = args.drop / "done"
    done_dir.mkdir(exist_ok=True)
    renditions = Path(".renditions")
    failures = 0

    with open("uploaded.jsonl", "a", encoding="utf-8") as ledger:
        for img in images:
            meta = build_meta(img, load_caption(img), args)
            if not meta["caption"]:
                log.warning("%s has no caption, skipping", img.name)
                continue
            rendition = prepare_rendition(img, renditions)
            if args.dry_run:
                log.info("would upload %s (%s)", img.name, meta["caption"][:60])
                continue
            try:
                media_id = upload_with_retry(client, rendition, meta, args.retries)
                client.attach(media_id, args.story)
            except (RuntimeError, requests.RequestException) as exc:
                log.error("%s: %s", img.name, exc)
                failures += 1
                continue
            ledger.write(json.dumps({"file": img.name, "id": media_id, "story": args.story}) + "\n")
            shutil.move(str(img), done_dir / img.name)
            log.info("uploaded %s -> %s", img.name, media_id)

    if not args.dry_run:
        shutil.rmtree(renditions, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
