#!/usr/bin/env python3
"""Share photo-finish frames with the commissaires' tablets.

During a meet the judges want to flick through the photo-finish images on
their tablets. This serves the current session's export folder over HTTP
on the race-control network and prints a QR-friendly URL.
"""
import argparse
import functools
import http.server
import logging
import os
import socket
import socketserver
from pathlib import Path

log = logging.getLogger("pf-share")

EXPORT_ROOT = Path(os.environ.get("PF_EXPORT_ROOT", "~/PhotoFinish/exports")).expanduser()
SERVE_ON = {
    "addr": os.environ.get("PF_SHARE_ADDR", "0.0.0.0"),
    "port": int(os.environ.get("PF_SHARE_PORT", "8088")),
}
IMAGE_EXT = {".jpg", ".png", ".bmp"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class ReusableServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    allow_reuse_address = True
    daemon_threads = True


def latest_session(root: Path) -> Path:
    sessions = [p for p in root.iterdir() if p.is_dir()]
    if not sessions:
        raise FileNotFoundError(f"no sessions under {root}")
    return max(sessions, key=lambda p: p.stat().st_mtime)


def write_index(folder: Path):
    frames = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in IMAGE_EXT)
    items = "\n".join(f'<li><a href="{n}"><img src="{n}" width="320"></a><br>{n}</li>'
                      for n in frames)
    (folder / "index.html").write_text(
        f"<html><head><title>{folder.name}</title></head>"
        f"<body><h1>Photo finish: {folder.name}</h1><ul>{items}</ul></body></html>",
        encoding="utf-8")
    return len(frames)


def lan_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--session", type=Path, help="folder to share (default: newest)")
    ap.add_argument("--port", type=int, default=SERVE_ON["port"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.session or latest_session(EXPORT_ROOT)
    count = write_index(folder)
    handler = functools.partial(QuietHandler, directory=str(folder))
    with ReusableServer((SERVE_ON["addr"], args.port), handler) as httpd:
        log.info("sharing %d frames from %s", count, folder)
        log.info("judges: open http://%s:%d/", lan_address(), args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


if __name__ == "__main__":
    main()
