#!/usr/bin/env python3
"""Archive intake photos from the counter camera drop folder.

Each photo taken at the counter is named <ticket>_<n>.jpg by the camera
app. This tool files them as <archive>/<yyyy>/<mm>/<ticket>/ with a
sidecar JSON describing the capture, skipping duplicates via a content
index so the camera folder can be re-scanned at any time.
"""
import argparse
import configparser
import hashlib
import json
import logging
import re
import shutil
import sys
from datetime import datetime
from pathlib import Path

try:
    from PIL import Image
    from PIL.ExifTags import TAGS
except ImportError:  # pillow is optional, we fall back to mtime
    Image = None

log = logging.getLogger("photo_archiver")
NAME_RE = re.compile(r"^(?P<ticket>[A-Z]?\d{4,8})_(?P<seq>\d+)\.(jpe?g|png|heic)$", re.I)
INDEX_NAME = ".photo_index.json"


def load_config(path: Path) -> dict:
    cfg = configparser.ConfigParser()
    cfg.read_dict({"archive": {"source": "camera_drop", "root": "archive",
                               "remove_source": "no", "store": "000"}})
    if path.exists():
        cfg.read(path)
    sect = cfg["archive"]
    return {
        "source": Path(sect["source"]),
        "root": Path(sect["root"]),
        "remove_source": sect.getboolean("remove_source"),
        "store": sect["store"],
    }


def content_key(path: Path, chunk: int = 1 << 16) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def capture_time(path: Path) -> datetime:
    if Image is not None:
        try:
            with Image.open(path) as img:
                exif = img.getexif() or {}
                for tag_id, value in exif.items():
                    if TAGS.get(tag_id) == "DateTime":
                        return datetime.strptime(value, "%Y:%m:%d %H:%M:%S")
        except Exception as exc:  # unreadable or odd EXIF
            log.debug("no exif for %s: %s", path.name, exc)
    return datetime.fromtimestamp(path.stat().st_mtime)


class PhotoIndex:
    def __init__(self, root: Path):
        self.path = root / INDEX_NAME
        self.entries = {}
        if self.path.exists():
            self.entries = json.loads(self.path.read_text())

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def add(self, key: str, dest: Path) -> None:
        self.entries[key] = str(dest)

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.entries, indent=1, sort_keys=True))


def file_photo(src: Path, root: Path, store: str, index: PhotoIndex) -> Path | None:
    m = NAME_RE.match(src.name)
    if not m:
        log.warning("unrecognised file name %s", src.name)
        return None
    key = content_key(src)
    if key in index:
        log.info("duplicate of %s, skipping", index.entries[key])
        return None
    taken = capture_time(src)
    dest_dir = root / f"{taken:%Y}" / f"{taken:%m}" / m["ticket"].upper()
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / src.name.lower()
    shutil.copy2(src, dest)
    sidecar = {"store": store, "ticket": m["ticket"].upper(), "seq": int(m["seq"]),
               "taken": taken.isoformat(), "key": key, "bytes": dest.stat().st_size}
    dest.with_suffix(dest.suffix + ".json").write_text(json.dumps(sidecar, indent=2))
    index.add(key, dest)
    return dest


def main() -> int:
    ap = argparse.ArgumentParser(description="file counter photos into the archive")
    ap.add_argument("-c", "--config", type=Path, default=Path("archiver.ini"))
    ap.add_argument("--remove-source", action="store_true", default=None)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    if args.remove_source is not None:
        cfg["remove_source"] = args.remove_source
    if not cfg["source"].is_dir():
        log.error("camera drop folder %s does not exist", cfg["source"])
        return 2
    if not cfg["root"].is_dir():
        log.error("archive root %s is not available", cfg["root"])
        return 2

    index = PhotoIndex(cfg["root"])
    filed = 0
    for src in sorted(cfg["source"].iterdir()):
        if not src.is_file():
            continue
        try:
            dest = file_photo(src, cfg["root"], cfg["store"], index)
        except OSError as exc:
            log.error("could not archive %s: %s", src.name, exc)
            continue
        if dest:
            filed += 1
            log.info("%s -> %s", src.name, dest)
            if cfg["remove_source"]:
                src.unlink()
    index.save()
    log.info("archived %d photo(s)", filed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
