"""Sorts photos into folders by date and removes exact duplicates."""
import hashlib
import logging
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("photos")


def digest(path, chunk=1 << 20):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def target_for(path, dest):
    taken = datetime.fromtimestamp(path.stat().st_mtime)
    return dest / f"{taken:%Y}" / f"{taken:%m}" / path.name


def sort_photos(src, dest):
    seen = {}
    for photo in sorted(src.rglob("*.jpg")):
        key = digest(photo)
        if key in seen:
            log.info("duplicate %s of %s, removing", photo, seen[key])
            photo.unlink()
            continue
        seen[key] = photo
        target = target_for(photo, dest)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(photo), target)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("inbox")
    sort_photos(src, Path("sorted"))
