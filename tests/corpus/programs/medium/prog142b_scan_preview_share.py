#!/usr/bin/env python3
"""Share scan previews with the conservator's tablet.

Makes small JPEG previews of the day's TIFF masters with ImageMagick and
serves the preview folder over HTTP so the conservator can look at them on
the tablet at the bench while the book is still on the cradle.
"""
import argparse
import functools
import http.server
import logging
import os
import socketserver
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("preview-share")


def make_previews(src, dest, size, quality):
    dest.mkdir(parents=True, exist_ok=True)
    made = 0
    for tif in sorted(src.glob("*.tif")):
        out = dest / (tif.stem + ".jpg")
        if out.exists() and out.stat().st_mtime >= tif.stat().st_mtime:
            continue
        cmd = f'convert "{tif}" -resize {size}x{size} -quality {quality} "{out}"'
        rc = os.system(cmd)
        if rc != 0:
            log.warning("convert failed for %s (rc=%s)", tif.name, rc)
            continue
        made += 1
    return made


def write_index(dest):
    items = sorted(p.name for p in dest.glob("*.jpg"))
    html = ["<html><head><title>Scan previews</title></head><body>"]
    for name in items:
        html.append(f'<a href="{name}"><img src="{name}" width="320"></a>')
    html.append("</body></html>")
    (dest / "index.html").write_text("\n".join(html))
    return len(items)


def disk_free(path):
    out = subprocess.run(["df", "-h", str(path)], capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1] if out.returncode == 0 else "?"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def serve(dest, port):
    handler = functools.partial(QuietHandler, directory=str(dest))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on port %d (Ctrl-C to stop)", dest, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", help="folder with today's TIFF masters")
    ap.add_argument("--dest", default="previews")
    ap.add_argument("--size", type=int, default=1600)
    ap.add_argument("--quality", type=int, default=82)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    src = Path(args.source)
    if not src.is_dir():
        log.error("%s is not a folder", src)
        return 1
    dest = Path(args.dest)
    made = make_previews(src, dest, args.size, args.quality)
    count = write_index(dest)
    log.info("%d new previews, %d total; disk: %s", made, count, disk_free(dest))
    if not args.no_serve:
        serve(dest, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
