#!/usr/bin/env python3
"""Share an album folder with phones on the home Wi-Fi.

Builds a simple index.html with thumbnails-by-reference for ./albums/<name>
and serves that folder so family members can download originals from a
browser. Stop with Ctrl-C.
"""
import argparse
import functools
import html
import logging
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("share")
MEDIA = {".jpg", ".jpeg", ".png", ".gif", ".webp", ".heic", ".mp4", ".mov"}
PAGE = """<!doctype html><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}} img{{max-width:240px;margin:4px}}</style>
<h1>{title}</h1><p>{count} items</p>
{body}
"""


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def write_index(album: Path) -> int:
    items = sorted(p for p in album.iterdir() if p.suffix.lower() in MEDIA)
    parts = []
    for p in items:
        href = quote(p.name)
        label = html.escape(p.name)
        if p.suffix.lower() in {".mp4", ".mov"}:
            parts.append(f'<p><a href="{href}">{label}</a></p>')
        else:
            parts.append(f'<a href="{href}"><img src="{href}" alt="{label}" loading="lazy"></a>')
    (album / "index.html").write_text(
        PAGE.format(title=html.escape(album.name), count=len(items), body="\n".join(parts)),
        encoding="utf-8")
    return len(items)


def lan_address() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("album", help="folder name under ./albums")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    album = Path("albums") / args.album
    if not album.is_dir():
        ap.error(f"{album} does not exist")
    if not args.no_index:
        log.info("indexed %d items", write_index(album))

    handler = functools.partial(QuietHandler, directory=str(album))
    httpd = ThreadingHTTPServer(("0.0.0.0", args.port), handler)
    print(f"open http://{lan_address()}:{args.port}/ on your phone")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
