#!/usr/bin/env python3
"""mediasort - organise photos and videos into a dated library.

    mediasort scan --source=camera_dump
    mediasort dedupe --source=camera_dump
    mediasort organise --source=camera_dump --dry_run
    mediasort thumbs --size=320
    mediasort clean

Settings are read from ./mediasort.toml when present:

    library = "library"
    thumb_size = 256
    extensions = [".jpg", ".jpeg", ".png", ".heic", ".mp4", ".mov"]
"""
import collections
import datetime as dt
import hashlib
import logging
import shutil
import sys
import tomllib
from pathlib import Path

import fire
from PIL import Image, UnidentifiedImageError

CONFIG_FILE = Path("mediasort.toml")
CACHE_DIR = Path(".mediasort-cache")
DEFAULTS = {
    "library": "library",
    "thumb_size": 256,
    "extensions": [".jpg", ".jpeg", ".png", ".heic", ".gif", ".mp4", ".mov"],
}
IMAGE_EXTS = {".jpg", ".jpeg", ".png", ".gif"}

log = logging.getLogger("mediasort")


def load_settings() -> dict:
    settings = dict(DEFAULTS)
    if CONFIG_FILE.exists():
        try:
            with CONFIG_FILE.open("rb") as fh:
                settings.update(tomllib.load(fh))
        except tomllib.TOMLDecodeError as exc:
            log.warning("bad %s (%s); using defaults", CONFIG_FILE, exc)
    settings["extensions"] = {e.lower() for e in settings["extensions"]}
    return settings


class MediaSort:
    """Organise a folder of camera media into library/YYYY/MM."""

    def __init__(self, verbose=False):
        logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO,
                            format="%(levelname)-7s %(message)s")
        self.settings = load_settings()
        self.library = Path(self.settings["library"])

    def _media(self, source):
        for path in sorted(Path(source).rglob("*")):
            if path.is_file() and path.suffix.lower() in self.settings["extensions"]:
                if self.library in path.parents or CACHE_DIR in path.parents:
                    continue
                yield path

    def scan(self, source="."):
        """Count media files by extension."""
        counts = collections.Counter(p.suffix.lower() for p in self._media(source))
        for ext, n in counts.most_common():
            print(f"{ext:6} {n:6d}")
        print(f"total  {sum(counts.values()):6d}")

    def dedupe(self, source=".", report="duplicates.txt"):
        """Find byte-identical files and write a report (nothing is deleted)."""
        by_digest = collections.defaultdict(list)
        for path in self._media(source):
            digest = hashlib.sha256()
            with path.open("rb") as fh:
                for chunk in iter(lambda: fh.read(1 << 20), b""):
                    digest.update(chunk)
            by_digest[digest.hexdigest()].append(path)
        groups = [paths for paths in by_digest.values() if len(paths) > 1]
        with open(report, "w", encoding="utf-8") as out:
            for paths in groups:
                out.write("\n".join(str(p) for p in paths) + "\n\n")
        log.info("%d duplicate groups written to %s", len(groups), report)

    def organise(self, source=".", dry_run=False):
        """Move media into library/YYYY/MM based on modification time."""
        moved = 0
        for path in list(self._media(source)):
            stamp = dt.datetime.fromtimestamp(path.stat().st_mtime)
            target_dir = self.library / f"{stamp:%Y}" / f"{stamp:%m}"
            target = target_dir / path.name
            n = 1
            while target.exists():
                target = target_dir / f"{path.stem}_{n}{path.suffix}"
                n += 1
            if dry_run:
                print(f"{path} -> {target}")
                continue
            target_dir.mkdir(parents=True, exist_ok=True)
            shutil.move(str(path), target)
            moved += 1
        log.info("moved %d files into %s", moved, self.library)

    def thumbs(self, size=None):
        """Create thumbnails for library images in the cache folder."""
        size = int(size or self.settings["thumb_size"])
        CACHE_DIR.mkdir(exist_ok=True)
        made = 0
        for path in self._media(self.library):
            if path.suffix.lower() not in IMAGE_EXTS:
                continue
            key = hashlib.md5(f"{path}:{path.stat().st_mtime_ns}:{size}".encode()).hexdigest()
            thumb = CACHE_DIR / f"{key}.jpg"
            if thumb.exists():
                continue
            try:
                with Image.open(path) as img:
                    img.thumbnail((size, size))
                    img.convert("RGB").save(thumb, "JPEG", quality=85)
                made += 1
            except (UnidentifiedImageError, OSError) as exc:
                log.warning("cannot thumbnail %s: %s", path, exc)
        log.info("created %d thumbnails", made)

    def clean(self):
        """Remove the thumbnail cache."""
        if CACHE_DIR.exists():
            shutil.rmtree(CACHE_DIR)
            log.info("removed %s", CACHE_DIR)
        else:
            log.info("nothing to clean")


if __name__ == "__main__":
    try:
        fire.Fire(MediaSort)
    except KeyboardInterrupt:
        sys.exit(130)
