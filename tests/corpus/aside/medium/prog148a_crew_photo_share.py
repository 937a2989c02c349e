#!/usr/bin/env python3
"""Share the day's flight photos with the ground crew over the field wifi.

Collects the JPEGs the pilot took from the basket camera into a dated
folder, writes a simple index and serves the folder so crew phones on the
hotspot can download them before everyone drives home.
"""
import argparse
import functools
import logging
import os
import shutil
import subprocess
from datetime import date
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("photo_share")

CAMERA_DIRS = ["/media/basketcam/DCIM", "./camera_import"]
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".mp4"}


def gather(dest: Path):
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for src_dir in CAMERA_DIRS:
        src = Path(src_dir)
        if not src.is_dir():
            continue
        for f in src.rglob("*"):
            if f.suffix.lower() in PHOTO_EXT and not (dest / f.name).exists():
                shutil.copy2(f, dest / f.name)
                copied += 1
    return copied


def make_thumbnails(dest: Path):
    """Use ImageMagick if present so phones get a quick preview."""
    thumbs = dest / "thumbs"
    thumbs.mkdir(exist_ok=True)
    for f in sorted(dest.glob("*.jp*g")):
        out = thumbs / f.name
        if out.exists():
            continue
        try:
            subprocess.run(["convert", str(f), "-resize", "320x320", str(out)],
                           check=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as exc:
            log.debug("thumbnail failed for %s: %s", f.name, exc)
            break


def write_index(dest: Path):
    items = []
    for f in sorted(dest.iterdir()):
        if f.is_file() and f.suffix.lower() in PHOTO_EXT:
            thumb = f"thumbs/{f.name}" if (dest / "thumbs" / f.name).exists() else f.name
            items.append(f'<a href="{f.name}"><img src="{thumb}" width="160"></a>')
    (dest / "index.html").write_text(
        "<html><body><h2>Flight photos " + dest.name + "</h2>" + "\n".join(items) + "</body></html>")
    return len(items)


def serve(folder: Path, port: int):
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(folder))
    # listen on every interface so phones on the hotspot can reach it
    httpd = ThreadingHTTPServer(("0.0.0.0", port), handler)
    log.info("sharing %s on port %d (Ctrl-C to stop)", folder, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="flight_photos")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PHOTO_PORT", "8000")))
    ap.add_argument("--no-thumbs", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dest = Path(args.root) / date.today().isoformat()
    n = gather(dest)
    log.info("copied %d new files into %s", n, dest)
    if not args.no_thumbs:
        make_thumbnails(dest)
    count = write_index(dest)
    if count == 0:
        log.warning("no photos to share")
        return 1
    serve(dest, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
