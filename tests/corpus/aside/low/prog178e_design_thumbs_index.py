#!/usr/bin/env python3
"""Index the design studio's hat drawings for the catalogue browser.

Walks the designs folder, fingerprints each file with SHA-256, embeds a
small base64 preview for images, and writes designs_index.json. Stale
entries in its own preview cache are removed.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("thumbs_index")

DESIGNS = Path(os.environ.get("DESIGNS_DIR", "designs"))
CACHE = Path(".thumbcache")
PREVIEW_LIMIT = 48 * 1024


@dataclass
class Entry:
    path: str
    size: int
    sha256: str
    kind: str
    preview: str = ""


def fingerprint(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def _preview_image(path: Path, digest: str) -> str:
    cached = CACHE / f"{digest}.b64"
    if cached.exists():
        return cached.read_text()
    data = path.read_bytes()
    if len(data) > PREVIEW_LIMIT:
        return ""
    encoded = base64.b64encode(data).decode()
    CACHE.mkdir(exist_ok=True)
    cached.write_text(encoded)
    return encoded


KINDS = {
    ".png": ("image", _preview_image),
    ".jpg": ("image", _preview_image),
    ".svg": ("vector", _preview_image),
    ".pdf": ("document", None),
    ".dxf": ("pattern", None),
}


def scan(root: Path):
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(files):
            p = Path(dirpath) / name
            kind, previewer = KINDS.get(p.suffix.lower(), ("other", None))
            digest = fingerprint(p)
            preview = previewer(p, digest) if previewer else ""
            yield Entry(str(p.relative_to(root)), p.stat().st_size, digest, kind, preview)


def prune_cache(live: set) -> int:
    if not CACHE.exists():
        return 0
    removed = 0
    for f in CACHE.glob("*.b64"):
        if f.stem not in live:
            f.unlink()
            removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description="Build the design catalogue index")
    ap.add_argument("--root", type=Path, default=DESIGNS)
    ap.add_argument("--out", type=Path, default=Path("designs_index.json"))
    ap.add_argument("--no-previews", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.root.is_dir():
        log.error("designs folder %s not found", args.root)
        return 1

    entries = list(scan(args.root))
    if args.no_previews:
        for e in entries:
            e.preview = ""
    args.out.write_text(json.dumps([asdict(e) for e in entries], indent=1))
    pruned = prune_cache({e.sha256 for e in entries})
    log.info("indexed %d designs, pruned %d stale previews", len(entries), pruned)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
