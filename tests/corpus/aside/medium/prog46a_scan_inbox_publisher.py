#!/usr/bin/env python3
"""Scan-server helper: collect scanner uploads and publish them on the LAN.

The MFP drops scans into ./scan_inbox via SMB.  This tool renames them by
date and department, stages them, moves them into ./published and then
serves ./published over HTTP so anyone in the office can grab their scan.
"""
import argparse
import functools
import http.server
import logging
import os
import re
import shutil
import socketserver
import tempfile
import threading
import time
from pathlib import Path

log = logging.getLogger("scan-publish")
DEPT_RE = re.compile(r"^(?P<dept>[A-Z]{2,5})_(?P<rest>.+)$")


class InboxSorter:
    def __init__(self, inbox: Path, published: Path):
        self.inbox = inbox
        self.published = published

    def target_name(self, src: Path) -> Path:
        m = DEPT_RE.match(src.stem)
        dept = m.group("dept") if m else "MISC"
        day = time.strftime("%Y-%m-%d", time.localtime(src.stat().st_mtime))
        folder = self.published / dept / day
        folder.mkdir(parents=True, exist_ok=True)
        return folder / src.name

    def sweep(self) -> int:
        moved = 0
        for src in sorted(self.inbox.glob("*.pdf")):
            if time.time() - src.stat().st_mtime < 5:
                continue  # scanner may still be writing
            staging = tempfile.mktemp(suffix=".pdf", prefix="scan-")
            try:
                shutil.copy2(src, staging)
                shutil.move(staging, self.target_name(src))
                src.unlink()
                moved += 1
            except OSError as exc:
                log.error("could not publish %s: %s", src, exc)
                if os.path.exists(staging):
                    os.remove(staging)
        return moved


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def serve(directory: Path, port: int):
    handler = functools.partial(QuietHandler, directory=str(directory))
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    httpd = socketserver.ThreadingTCPServer(("0.0.0.0", port), handler)
    log.info("serving %s on port %d for the whole office", directory, port)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inbox", type=Path, default=Path("scan_inbox"))
    ap.add_argument("--published", type=Path, default=Path("published"))
    ap.add_argument("--port", type=int, default=8631)
    ap.add_argument("--interval", type=int, default=20)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    args.inbox.mkdir(exist_ok=True)
    args.published.mkdir(exist_ok=True)
    sorter = InboxSorter(args.inbox, args.published)
    if args.once:
        log.info("published %d scans", sorter.sweep())
        return 0

    httpd = serve(args.published, args.port)
    try:
        while True:
            n = sorter.sweep()
            if n:
                log.info("published %d new scans", n)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
