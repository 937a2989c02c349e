#!/usr/bin/env python3
"""Sprite atlas planner for the asset pipeline.

Scans ./assets/sprites for PNG files, reads their dimensions straight from
the IHDR chunk, shelf-packs them into fixed-size atlas pages and writes an
atlas manifest into ./build. Per-sprite metadata is cached under
./build/.atlas_cache keyed by an MD5 of the file contents; stale cache
entries are pruned at the end of each run.
"""
import argparse
import hashlib
import json
import logging
import struct
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("atlas")
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@dataclass
class Sprite:
    name: str
    width: int
    height: int
    digest: str
    page: int = -1
    x: int = 0
    y: int = 0


def content_key(path: Path) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def png_size(path: Path):
    with path.open("rb") as fh:
        head = fh.read(24)
    if len(head) < 24 or not head.startswith(PNG_MAGIC):
        raise ValueError(f"{path.name}: not a PNG file")
    return struct.unpack(">II", head[16:24])


def load_sprite(path: Path, cache_dir: Path) -> Sprite:
    key = content_key(path)
    cached = cache_dir / f"{key}.json"
    if cached.exists():
        meta = json.loads(cached.read_text())
    else:
        w, h = png_size(path)
        meta = {"width": w, "height": h}
        cached.write_text(json.dumps(meta))
    return Sprite(path.stem, meta["width"], meta["height"], key)


def shelf_pack(sprites, page_size: int, padding: int):
    pages, page, cx, cy, shelf_h = 0, 0, 0, 0, 0
    for spr in sorted(sprites, key=lambda s: s.height, reverse=True):
        if spr.width > page_size or spr.height > page_size:
            log.warning("sprite %s is larger than a page; skipped", spr.name)
            continue
        if cx + spr.width > page_size:
            cx, cy, shelf_h = 0, cy + shelf_h + padding, 0
        if cy + spr.height > page_size:
            page, cx, cy, shelf_h = page + 1, 0, 0, 0
        spr.page, spr.x, spr.y = page, cx, cy
        cx += spr.width + padding
        shelf_h = max(shelf_h, spr.height)
        pages = page + 1
    return pages


def prune_cache(cache_dir: Path, live_keys) -> int:
    removed = 0
    for entry in cache_dir.glob("*.json"):
        if entry.stem not in live_keys:
            entry.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--src", default="assets/sprites")
    ap.add_argument("--out", default="build")
    ap.add_argument("--page-size", type=int, default=2048)
    ap.add_argument("--padding", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src, out = Path(args.src), Path(args.out)
    cache_dir = out / ".atlas_cache"
    cache_dir.mkdir(parents=True, exist_ok=True)

    sprites = []
    for png in sorted(src.rglob("*.png")):
        try:
            sprites.append(load_sprite(png, cache_dir))
        except (OSError, ValueError) as exc:
            log.error("skipping %s: %s", png, exc)

    pages = shelf_pack(sprites, args.page_size, args.padding)
    manifest = {"page_size": args.page_size, "pages": pages,
                "sprites": [asdict(s) for s in sprites if s.page >= 0]}
    (out / "atlas.json").write_text(json.dumps(manifest, indent=2))
    stale = prune_cache(cache_dir, {s.digest for s in sprites})
    log.info("%d sprites on %d page(s); pruned %d stale cache entries",
             len(manifest["sprites"]), pages, stale)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
