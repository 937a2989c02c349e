#!/usr/bin/env python3
"""Share tonight's gallery photos with the tablets on the showroom Wi-Fi.

The photographer dumps the camera card into a folder; this serves that
folder so the sales staff can show pieces to customers on the floor.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("photo-share")

IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp", ".heic"}


@dataclass
class ShareConfig:
    folder: Path
    bind: str = os.environ.get("SHARE_BIND", "0.0.0.0")
    port: int = int(os.environ.get("SHARE_PORT", "8000"))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def write_index(folder):
    images = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    tiles = "\n".join(
        f'<a href="{p.name}"><img src="{p.name}" loading="lazy" width="320"></a>' for p in images
    )
    html = f"""<!doctype html><html><head><meta charset="utf-8">
<title>Gallery night - {folder.name}</title>
<style>body{{background:#111;color:#eee;font-family:sans-serif}} img{{margin:4px;border-radius:6px}}</style>
</head><body><h1>{folder.name}</h1>{tiles}</body></html>"""
    (folder / "index.html").write_text(html)
    return len(images)


def make_server(cfg):
    handler = functools.partial(QuietHandler, directory=str(cfg.folder))
    socketserver.TCPServer.allow_reuse_address = True
    return socketserver.ThreadingTCPServer((cfg.bind, cfg.port), handler)


def main():
    ap = argparse.ArgumentParser(description="Serve gallery photos to showroom tablets")
    ap.add_argument("folder", nargs="?", default=os.environ.get("GALLERY_DIR", "gallery_tonight"))
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = ShareConfig(folder=Path(args.folder).resolve())
    if args.port:
        cfg.port = args.port
    if not cfg.folder.is_dir():
        log.error("%s is not a folder", cfg.folder)
        return 1
    count = write_index(cfg.folder)
    log.info("sharing %d photos from %s on %s:%d", count, cfg.folder, cfg.bind, cfg.port)
    with make_server(cfg) as httpd:
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
