#!/usr/bin/env python3
"""Share the show photographer's pictures on the office network.

Copies the day's picks into a gallery folder, writes a simple index
page and serves the folder so the press tent and committee can grab
photos from their own laptops.
"""
import argparse
import functools
import html
import logging
import os
import shutil
from datetime import date
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("photo_share")

PHOTO_EXT = {".jpg", ".jpeg", ".png"}
DEFAULT_SRC = Path(os.environ.get("PHOTO_SRC", "camera_import"))
DEFAULT_GALLERY = Path(os.environ.get("GALLERY_DIR", "gallery"))


def collect(src, gallery, day):
    dest = gallery / day
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for p in sorted(src.rglob("*")):
        if p.suffix.lower() in PHOTO_EXT and p.is_file():
            target = dest / p.name
            if not target.exists():
                shutil.copy2(p, target)
                copied += 1
    log.info("copied %d new photos into %s", copied, dest)
    return dest


def write_index(gallery):
    days = sorted((d for d in gallery.iterdir() if d.is_dir()), reverse=True)
    parts = ["<html><head><title>Show photos</title></head><body><h1>Show photos</h1>"]
    for d in days:
        parts.append(f"<h2>{html.escape(d.name)}</h2><p>")
        for img in sorted(d.iterdir()):
            if img.suffix.lower() in PHOTO_EXT:
                rel = f"{d.name}/{img.name}"
                parts.append(f'<a href="{html.escape(rel)}"><img src="{html.escape(rel)}" width="200"></a>')
        parts.append("</p>")
    parts.append("</body></html>")
    (gallery / "index.html").write_text("\n".join(parts), encoding="utf-8")


def serve(gallery, port):
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(gallery))
    server = ThreadingHTTPServer(("0.0.0.0", port), handler)
    log.info("serving %s on http://0.0.0.0:%d/", gallery, port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        server.server_close()


def main():
    parser = argparse.ArgumentParser(description="Share show photos on the office network")
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC)
    parser.add_argument("--gallery", type=Path, default=DEFAULT_GALLERY)
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if args.src.exists():
        collect(args.src, args.gallery, args.day)
    else:
        log.warning("no import folder %s, just serving what is there", args.src)
        args.gallery.mkdir(parents=True, exist_ok=True)
    write_index(args.gallery)
    if not args.no_serve:
        serve(args.gallery, args.port)


if __name__ == "__main__":
    main()
