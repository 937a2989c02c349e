#!/usr/bin/env python3
"""Shares today's object photography with the design team.

The photographer runs this on the studio laptop after a shoot; designers
browse to the laptop from their desks and pick images for the new
"Masterkeys of the Guild" panels. Generates a simple index page first.
"""
import argparse
import functools
import html
import http.server
import logging
import os
import socketserver
from datetime import date
from pathlib import Path

LOG = logging.getLogger("image-share")

SHOOT_ROOT = Path(os.environ.get("SHOOT_ROOT", "shoots"))
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".tif", ".webp"}
BIND = os.environ.get("SHARE_BIND", "0.0.0.0")


def todays_folder(root):
    folder = root / date.today().isoformat()
    if not folder.is_dir():
        candidates = sorted((p for p in root.iterdir() if p.is_dir()), reverse=True)
        if not candidates:
            raise SystemExit(f"no shoot folders under {root}")
        folder = candidates[0]
    return folder


def build_index(folder):
    images = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    items = "\n".join(
        f'<figure><a href="{html.escape(p.name)}"><img src="{html.escape(p.name)}" '
        f'width="240" loading="lazy"></a><figcaption>{html.escape(p.stem)}</figcaption></figure>'
        for p in images
    )
    page = f"""<!doctype html><meta charset="utf-8">
<title>Shoot {html.escape(folder.name)}</title>
<style>body{{font-family:sans-serif}} figure{{display:inline-block;margin:8px}}</style>
<h1>Object photography - {html.escape(folder.name)}</h1>
<p>{len(images)} image(s). Right-click to save originals.</p>
{items}
"""
    (folder / "index.html").write_text(page, encoding="utf-8")
    return len(images)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def serve(folder, port):
    handler = functools.partial(QuietHandler, directory=str(folder))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer((BIND, port), handler) as httpd:
        LOG.info("sharing %s on http://%s:%d/", folder, BIND, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopped")


def main():
    ap = argparse.ArgumentParser(description="Share a shoot folder over HTTP")
    ap.add_argument("--folder", type=Path, help="defaults to today's shoot")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.folder or todays_folder(SHOOT_ROOT)
    n = build_index(folder)
    LOG.info("indexed %d image(s)", n)
    serve(folder, args.port)


if __name__ == "__main__":
    main()
