#!/usr/bin/env python3
"""Build the self-contained HTML overlay used by the stream (OBS browser source).

Inlines the piece set and club logo as data: URIs so OBS does not need a web
server, caches the resized images by content hash and writes the result to
./build/overlay.html. Also stores the overlay's read-only API key in a local
file that only the current user can read.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path

log = logging.getLogger("overlay-build")

ASSETS = Path("assets")
BUILD = Path("build")
CACHE = Path(".overlay-cache")
KEY_FILE = Path(".overlay_key")
PIECES = [c + p for c in "wb" for p in "KQRBNP"]

TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{margin:0;background:transparent}} .sq img{{width:100%}}</style>
<script>window.OVERLAY_CFG = {cfg};</script></head>
<body><img id="logo" src="{logo}"><div id="board"></div>
<script>const PIECES = {pieces};</script>
<script src="overlay.js"></script></body></html>
"""


def cache_key(data: bytes) -> str:
    # md5 is fine for a cache key
    return hashlib.md5(data).hexdigest()


def data_uri(path: Path) -> str:
    raw = path.read_bytes()
    key = cache_key(raw)
    cached = CACHE / f"{key}.b64"
    if cached.exists():
        encoded = cached.read_text()
    else:
        encoded = base64.b64encode(raw).decode("ascii")
        CACHE.mkdir(exist_ok=True)
        cached.write_text(encoded)
    mime = "image/svg+xml" if path.suffix == ".svg" else "image/png"
    return f"data:{mime};base64,{encoded}"


def store_key(key: str):
    KEY_FILE.write_text(key)
    os.chmod(KEY_FILE, 0o600)


def atomic_write(target: Path, text: str):
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".overlay-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def clean():
    for d in (BUILD, CACHE):
        if d.exists():
            shutil.rmtree(d)
            log.info("removed %s/", d)


def build(args):
    BUILD.mkdir(exist_ok=True)
    pieces = {}
    for name in PIECES:
        src = next((ASSETS / args.set / f"{name}{ext}" for ext in (".svg", ".png")
                    if (ASSETS / args.set / f"{name}{ext}").exists()), None)
        if src is None:
            raise FileNotFoundError(f"piece {name} missing in {args.set}")
        pieces[name] = data_uri(src)
    logo = data_uri(ASSETS / "logo.png")
    cfg = {"feed": args.feed, "board": args.board, "flip": args.flip}
    html = TEMPLATE.format(title=args.title, cfg=json.dumps(cfg),
                           pieces=json.dumps(pieces), logo=logo)
    atomic_write(BUILD / "overlay.html", html)
    shutil.copy(ASSETS / "overlay.js", BUILD / "overlay.js")
    log.info("wrote %s (%d KiB)", BUILD / "overlay.html", len(html) // 1024)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true", help="remove build/ and cache first")
    ap.add_argument("--set", default="cburnett", help="piece set folder under assets/")
    ap.add_argument("--title", default="Club Championship")
    ap.add_argument("--feed", default="https://live.example.com/feed/round")
    ap.add_argument("--board", type=int, default=1)
    ap.add_argument("--flip", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean:
        clean()
    key = os.environ.get("OVERLAY_READ_KEY")
    if key:
        store_key(key)
    try:
        build(args)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
