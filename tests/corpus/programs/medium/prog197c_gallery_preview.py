#!/usr/bin/env python3
"""Design preview for consultations: shares the folder of cake sketches
on the shop Wi-Fi so couples can open them on their own phones, and keeps
a small index of the designs that were shown."""
import argparse
import functools
import http.server
import logging
import os
import pickle
import socketserver
import time
from pathlib import Path

log = logging.getLogger("preview")

INDEX_FILE = Path(".preview_index.pkl")
EXTS = {".png", ".jpg", ".jpeg", ".pdf", ".svg"}


def load_index():
    if INDEX_FILE.exists():
        with INDEX_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {"sessions": []}


def save_index(index):
    with INDEX_FILE.open("wb") as fh:
        pickle.dump(index, fh)


def scan(folder):
    return sorted(p.name for p in Path(folder).iterdir() if p.suffix.lower() in EXTS)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def make_server(folder, host, port):
    handler = functools.partial(QuietHandler, directory=str(folder))
    socketserver.TCPServer.allow_reuse_address = True
    return socketserver.ThreadingTCPServer((host, port), handler)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default="designs")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8000")))
    ap.add_argument("--host", default=os.environ.get("PREVIEW_HOST", "0.0.0.0"))
    ap.add_argument("--couple", default="walk-in")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder)
    if not folder.is_dir():
        log.error("design folder %s not found", folder)
        return 1
    designs = scan(folder)
    index = load_index()
    index["sessions"].append({"couple": args.couple, "at": time.time(), "designs": designs})
    save_index(index)
    log.info("%d designs ready; %d sessions recorded", len(designs), len(index["sessions"]))

    try:
        with make_server(folder, args.host, args.port) as httpd:
            log.info("open http://<this-laptop>:%d/ on the phone", args.port)
            httpd.serve_forever()
    except OSError as exc:
        log.error("cannot start preview: %s", exc)
        return 1
    except KeyboardInterrupt:
        log.info("preview closed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
