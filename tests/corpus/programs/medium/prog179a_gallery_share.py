#!/usr/bin/env python3
"""Share the exhibition photo folder with the gallery tablets.

During open days the volunteers' tablets show photos of the restoration
work.  Rather than copying them onto every tablet, the office PC serves the
folder over plain HTTP on the museum's wifi for the duration of the event.
"""
import argparse
import functools
import http.server
import logging
import os
import pathlib
import socket
import threading
import time

log = logging.getLogger("gallery-share")

SHARE_DIR = pathlib.Path(os.environ.get("GALLERY_DIR", "restoration_photos"))
BIND = os.environ.get("GALLERY_BIND", "0.0.0.0")
PORT = int(os.environ.get("GALLERY_PORT", "8080"))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".webp": "image/webp",
        ".heic": "image/heic",
    }

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def local_address():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("198.51.100.1", 9))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def count_photos(folder):
    exts = {".jpg", ".jpeg", ".png", ".webp", ".heic"}
    return sum(1 for p in folder.rglob("*") if p.suffix.lower() in exts)


def stop_after(server, hours):
    if hours <= 0:
        return
    def _timer():
        time.sleep(hours * 3600)
        log.info("event window over, stopping share")
        server.shutdown()
    threading.Thread(target=_timer, daemon=True).start()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=pathlib.Path, default=SHARE_DIR)
    ap.add_argument("--bind", default=BIND)
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--hours", type=float, default=8.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dir.is_dir():
        raise SystemExit(f"{args.dir} is not a folder")
    handler = functools.partial(QuietHandler, directory=str(args.dir.resolve()))
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("sharing %d photos from %s", count_photos(args.dir), args.dir)
    log.info("tablets can open http://%s:%d/", local_address(), args.port)
    stop_after(server, args.hours)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
