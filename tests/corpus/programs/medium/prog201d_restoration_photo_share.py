#!/usr/bin/env python3
"""Quick photo share for restoration progress pictures.

During open days visitors and trustees want to browse the before/after
photos of the horses on their phones. This serves a project folder over
HTTP on the workshop Wi-Fi for as long as the script runs.
"""
import argparse
import functools
import http.server
import logging
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("photoshare")

DEFAULTS = {"bind": "0.0.0.0", "port": 8000, "root": "photos"}
ALLOWED = {".jpg", ".jpeg", ".png", ".webp", ".html", ".css"}


class PhotoHandler(http.server.SimpleHTTPRequestHandler):
    """Directory handler that logs through the module logger."""

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=300")
        super().end_headers()


def local_address():
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def write_index(root):
    """Generate a simple gallery page for the folder."""
    items = sorted(p for p in root.rglob("*") if p.suffix.lower() in ALLOWED - {".html", ".css"})
    parts = ["<html><head><title>Restoration photos</title></head><body>",
             f"<h1>{root.name}</h1>"]
    for p in items:
        rel = p.relative_to(root).as_posix()
        parts.append(f'<a href="{rel}"><img src="{rel}" width="240"></a>')
    parts.append("</body></html>")
    (root / "index.html").write_text("\n".join(parts))
    return len(items)


def main():
    parser = argparse.ArgumentParser(description="Serve restoration photos on the LAN")
    parser.add_argument("root", nargs="?", default=DEFAULTS["root"])
    parser.add_argument("--port", type=int, default=DEFAULTS["port"])
    parser.add_argument("--bind", default=DEFAULTS["bind"])
    parser.add_argument("--no-index", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root).resolve()
    if not root.is_dir():
        LOG.error("folder %s does not exist", root)
        return 1
    if not args.no_index:
        count = write_index(root)
        LOG.info("gallery index lists %d photos", count)

    handler = functools.partial(PhotoHandler, directory=str(root))
    try:
        httpd = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    LOG.info("sharing %s at http://%s:%d/", root, local_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("stopping share")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
