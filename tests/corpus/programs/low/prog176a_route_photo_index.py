#!/usr/bin/env python3
"""Build the route photo index for the gym website.

Scans the photos folder in the current project, computes cache keys so
unchanged photos are not re-processed, and writes photos/index.json with
small inline previews for the route-finder page.
"""
import argparse
import base64
import hashlib
import importlib
import json
import logging
import os
import pathlib
from dataclasses import dataclass, asdict
from typing import Callable, Dict

log = logging.getLogger("photo_index")

PHOTO_DIR = pathlib.Path(os.environ.get("PHOTO_DIR", "photos"))
CACHE_DIR = pathlib.Path(".photo-cache")
WALLS = ("cave", "slab", "arete", "comp", "kids")


@dataclass
class Entry:
    file: str
    wall: str
    bytes: int
    key: str
    preview: str


def cache_key(data: bytes) -> str:
    algo = getattr(hashlib, os.environ.get("PHOTO_KEY_ALGO", "md5"))
    return algo(data).hexdigest()


def _preview_pillow(path: pathlib.Path) -> bytes:
    image_mod = importlib.import_module("PIL.Image")
    import io
    with image_mod.open(path) as im:
        im.thumbnail((96, 96))
        buf = io.BytesIO()
        im.convert("RGB").save(buf, "JPEG", quality=60)
        return buf.getvalue()


def _preview_raw(path: pathlib.Path) -> bytes:
    return path.read_bytes()[:2048]


PREVIEWERS: Dict[str, Callable[[pathlib.Path], bytes]] = {
    "pillow": _preview_pillow,
    "raw": _preview_raw,
}


def pick_previewer() -> Callable[[pathlib.Path], bytes]:
    try:
        importlib.import_module("PIL")
        return PREVIEWERS["pillow"]
    except ImportError:
        log.warning("Pillow not installed, using raw previews")
        return PREVIEWERS["raw"]


def wall_of(path: pathlib.Path) -> str:
    return next((w for w in WALLS if w in path.stem.lower()), "unsorted")


def index(photo_dir: pathlib.Path, previewer) -> list:
    CACHE_DIR.mkdir(exist_ok=True)
    entries = []
    for path in sorted(photo_dir.glob("*.jp*g")):
        data = path.read_bytes()
        key = cache_key(data)
        cached = CACHE_DIR / f"{key}.b64"
        if cached.exists():
            preview = cached.read_text()
        else:
            preview = base64.b64encode(previewer(path)).decode("ascii")
            cached.write_text(preview)
        entries.append(Entry(path.name, wall_of(path), len(data), key, preview))
    return entries


def prune(entries) -> int:
    live = {f"{e.key}.b64" for e in entries}
    removed = 0
    for stale in CACHE_DIR.glob("*.b64"):
        if stale.name not in live:
            stale.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=pathlib.Path, default=PHOTO_DIR)
    ap.add_argument("--prune", action="store_true", help="delete stale cache entries")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    entries = index(args.photos, pick_previewer())
    out = args.photos / "index.json"
    out.write_text(json.dumps([asdict(e) for e in entries], indent=1))
    log.info("indexed %d photos into %s", len(entries), out)
    if args.prune:
        log.info("pruned %d stale cache files", prune(entries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
