#!/usr/bin/env python3
"""Before-and-after photo share.

After a groom, the owner can look at the photos on their phone by joining
the van's Wi-Fi and opening the address this tool prints.
"""
import argparse
import html
import logging
import os
import socket
import subprocess
import sys
import tempfile

LOG = logging.getLogger("photoshare")

IMAGE_EXT = (".jpg", ".jpeg", ".png", ".heic", ".webp")

SERVE_SCRIPT = """#!/bin/bash
cd "$PHOTO_DIR" || exit 1
echo "serving $PHOTO_DIR on port $PORT"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
"""


def local_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def write_index(photo_dir, title):
    photos = sorted(f for f in os.listdir(photo_dir)
                    if f.lower().endswith(IMAGE_EXT))
    parts = ["<!doctype html><meta name=viewport content='width=device-width'>",
             "<title>%s</title><h1>%s</h1>" % (html.escape(title),
                                                html.escape(title))]
    for name in photos:
        q = html.escape(name, quote=True)
        parts.append("<p><img src='%s' style='max-width:100%%'><br>%s</p>"
                     % (q, html.escape(name)))
    with open(os.path.join(photo_dir, "index.html"), "w") as fh:
        fh.write("\n".join(parts))
    LOG.info("index lists %d photos", len(photos))
    return len(photos)


def serve(photo_dir, port):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(SERVE_SCRIPT)
        script = fh.name
    env = dict(os.environ, PHOTO_DIR=photo_dir, PORT=str(port))
    try:
        return subprocess.call(["bash", script], env=env)
    except KeyboardInterrupt:
        LOG.info("stopped")
        return 0
    finally:
        os.unlink(script)


def main(argv=None):
    p = argparse.ArgumentParser(description="Share groom photos over Wi-Fi")
    p.add_argument("photo_dir", nargs="?", default="photos/today")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--title", default="Today's groom")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    if not os.path.isdir(args.photo_dir):
        LOG.error("no folder %s", args.photo_dir)
        return 1
    if write_index(args.photo_dir, args.title) == 0:
        LOG.warning("no photos found, sharing anyway")
    LOG.info("open http://%s:%d/ on the owner's phone", local_address(),
             args.port)
    return serve(os.path.abspath(args.photo_dir), args.port)


if __name__ == "__main__":
    sys.exit(main())
