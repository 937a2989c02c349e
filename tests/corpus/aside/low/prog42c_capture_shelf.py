#!/usr/bin/env python3
"""Sort screenshots dropped into ./captures into dated folders and build a
contact sheet index (thumbnails + index.json) for the team wiki page."""
import argparse
import configparser
import datetime as dt
import json
import logging
import shutil
from pathlib import Path

from PIL import Image, ExifTags

LOG = logging.getLogger("capture-shelf")
EXTS = {".png", ".jpg", ".jpeg", ".webp"}
DEFAULTS = {"inbox": "captures", "library": "library", "thumb_px": "320",
            "thumb_cache": ".thumbcache"}


def read_config(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp.read_dict({"shelf": DEFAULTS})
    if path.exists():
        cp.read(path)
    return dict(cp["shelf"])


def taken_at(img: Image.Image, fallback: Path) -> dt.datetime:
    try:
        exif = img.getexif()
        tags = {ExifTags.TAGS.get(k, k): v for k, v in exif.items()}
        stamp = tags.get("DateTime")
        if stamp:
            return dt.datetime.strptime(stamp, "%Y:%m:%d %H:%M:%S")
    except (ValueError, AttributeError):
        pass
    return dt.datetime.fromtimestamp(fallback.stat().st_mtime)


class Shelf:
    def __init__(self, cfg: dict):
        self.inbox = Path(cfg["inbox"])
        self.library = Path(cfg["library"])
        self.cache = Path(cfg["thumb_cache"])
        self.size = int(cfg["thumb_px"])
        self.index = []

    def file_one(self, src: Path, dry: bool) -> None:
        with Image.open(src) as img:
            when = taken_at(img, src)
            dest_dir = self.library / when.strftime("%Y/%m-%d")
            dest = dest_dir / src.name
            thumb = self.cache / f"{when:%Y%m%d-%H%M%S}-{src.stem}.webp"
            if dry:
                LOG.info("would move %s -> %s", src, dest)
                return
            dest_dir.mkdir(parents=True, exist_ok=True)
            self.cache.mkdir(exist_ok=True)
            img.thumbnail((self.size, self.size))
            img.convert("RGB").save(thumb, "WEBP", quality=80)
        shutil.move(str(src), dest)
        self.index.append({"file": str(dest), "thumb": str(thumb),
                           "taken": when.isoformat(timespec="seconds")})

    def run(self, dry: bool) -> int:
        moved = 0
        for src in sorted(self.inbox.iterdir()):
            if src.suffix.lower() not in EXTS:
                continue
            try:
                self.file_one(src, dry)
                moved += 1
            except (OSError, SyntaxError) as exc:
                LOG.warning("skipping %s: %s", src.name, exc)
        return moved

    def write_index(self) -> None:
        idx = self.library / "index.json"
        old = json.loads(idx.read_text()) if idx.exists() else []
        idx.write_text(json.dumps(old + self.index, indent=1))

    def purge_cache(self) -> None:
        if self.cache.is_dir():
            shutil.rmtree(self.cache)
            LOG.info("removed %s", self.cache)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="shelf.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--purge-thumbs", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    shelf = Shelf(read_config(Path(args.config)))
    if args.purge_thumbs:
        shelf.purge_cache()
        return
    n = shelf.run(args.dry_run)
    if not args.dry_run:
        shelf.write_index()
    LOG.info("%d screenshot(s) filed", n)


if __name__ == "__main__":
    main()
