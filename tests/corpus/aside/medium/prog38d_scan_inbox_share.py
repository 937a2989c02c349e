#!/usr/bin/env python3
"""Make the scan-to-folder inbox browsable from every office PC.

The multifunction copier drops PDFs into ./scan_inbox via its "scan to
folder" feature.  Staff without a mapped drive can open
http://<this-pc>:8088/ in a browser to download their scans.  Scans older
than --keep-days are pruned from the inbox once an hour.
"""
import argparse
import functools
import logging
import os
import signal
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("scan-inbox")


class InboxHandler(SimpleHTTPRequestHandler):
    """Directory listing handler that only serves scanner output."""

    allowed_suffixes = (".pdf", ".jpg", ".jpeg", ".png", ".tif", ".tiff")

    def list_directory(self, path):
        return super().list_directory(path)

    def do_GET(self):
        target = self.translate_path(self.path)
        if os.path.isfile(target) and not target.lower().endswith(self.allowed_suffixes):
            self.send_error(403, "only scanned documents are shared")
            return
        super().do_GET()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def prune_loop(inbox: Path, keep_days: int, stop: threading.Event):
    while not stop.is_set():
        cutoff = time.time() - keep_days * 86400
        removed = 0
        for f in inbox.iterdir():
            try:
                if f.is_file() and f.stat().st_mtime < cutoff:
                    f.unlink()
                    removed += 1
            except OSError as exc:
                log.warning("could not prune %s: %s", f.name, exc)
        if removed:
            log.info("pruned %d old scans", removed)
        stop.wait(3600)


def write_index_hint(inbox: Path, port: int):
    hint = inbox / "README.txt"
    if not hint.exists():
        hint.write_text(
            "Scans from the copier appear here.\n"
            f"Open http://{os.uname().nodename}:{port}/ to download them.\n"
            "Files are removed automatically after a few days.\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", default="scan_inbox", type=Path)
    ap.add_argument("--port", type=int, default=int(os.environ.get("SCAN_PORT", 8088)))
    ap.add_argument("--listen", default="0.0.0.0",
                    help="address to listen on (default: all interfaces)")
    ap.add_argument("--keep-days", type=int, default=7)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    args.inbox.mkdir(exist_ok=True)
    write_index_hint(args.inbox, args.port)

    handler = functools.partial(InboxHandler, directory=str(args.inbox.resolve()))
    httpd = ThreadingHTTPServer((args.listen, args.port), handler)
    httpd.daemon_threads = True

    stop = threading.Event()
    pruner = threading.Thread(target=prune_loop,
                              args=(args.inbox, args.keep_days, stop), daemon=True)
    pruner.start()

    def shutdown(signum, _frame):
        log.info("signal %d received, shutting down", signum)
        stop.set()
        threading.Thread(target=httpd.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    log.info("sharing %s on http://%s:%d/", args.inbox.resolve(), args.listen, args.port)
    try:
        httpd.serve_forever(poll_interval=1.0)
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
