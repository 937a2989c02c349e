#!/usr/bin/env python3
"""Share a folder of web-sized proofs with the couple's tablet in the studio.

Builds a simple index.html with thumbnails (ImageMagick `convert`), then
serves the proof folder over HTTP so anyone on the studio Wi-Fi can open
it during the viewing appointment.
"""
import argparse
import functools
import html
import http.server
import logging
import os
import shutil
import socketserver
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("proof-share")
PROOF_EXT = {".jpg", ".jpeg", ".png", ".webp"}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
.grid{{display:flex;flex-wrap:wrap;gap:8px}} img{{height:180px}}</style>
</head><body><h1>{title}</h1><div class="grid">
{items}
</div></body></html>
"""


class ProofFolder:
    def __init__(self, root, thumb_size):
        self.root = Path(root).expanduser().resolve()
        self.thumbs = self.root / "_thumbs"
        self.thumb_size = thumb_size

    def proofs(self):
        return sorted(p for p in self.root.iterdir()
                      if p.is_file() and p.suffix.lower() in PROOF_EXT)

    def make_thumb(self, proof):
        self.thumbs.mkdir(exist_ok=True)
        thumb = self.thumbs / proof.name
        if thumb.exists() and thumb.stat().st_mtime >= proof.stat().st_mtime:
            return thumb
        convert = shutil.which("convert")
        if not convert:
            return proof
        cmd = [convert, str(proof), "-auto-orient", "-thumbnail",
               f"x{self.thumb_size}", "-quality", "80", str(thumb)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            LOG.warning("thumbnail failed for %s: %s", proof.name, result.stderr.strip())
            return proof
        return thumb

    def write_index(self, title):
        items = []
        for proof in self.proofs():
            thumb = self.make_thumb(proof)
            rel_thumb = thumb.relative_to(self.root).as_posix()
            items.append('<a href="{0}"><img src="{1}" alt="{0}"></a>'.format(
                html.escape(proof.name), html.escape(rel_thumb)))
        index = self.root / "index.html"
        index.write_text(PAGE.format(title=html.escape(title), items="\n".join(items)))
        LOG.info("index with %d proofs written to %s", len(items), index)
        return len(items)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


def serve(root, host, port):
    handler = functools.partial(QuietHandler, directory=str(root))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer((host, port), handler) as httpd:
        LOG.info("serving %s on http://%s:%d/", root, host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("viewing finished, server stopped")


def main():
    ap = argparse.ArgumentParser(description="share proofs on the studio LAN")
    ap.add_argument("folder")
    ap.add_argument("--title", default=None)
    ap.add_argument("--host", default=os.environ.get("PROOF_HOST", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PROOF_PORT", "8080")))
    ap.add_argument("--thumb-size", type=int, default=360)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = ProofFolder(args.folder, args.thumb_size)
    if not folder.root.is_dir():
        LOG.error("no such folder: %s", folder.root)
        return 2
    count = folder.write_index(args.title or folder.root.name.replace("_", " "))
    if count == 0:
        LOG.warning("no proofs found in %s", folder.root)
    if args.no_serve:
        return 0
    serve(folder.root, args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
