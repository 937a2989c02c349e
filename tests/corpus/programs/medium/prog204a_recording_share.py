#!/usr/bin/env python3
"""Share the day's before/after tuning recordings with the client's phone over
the workshop Wi-Fi, then stop after a while."""
import argparse
import functools
import http.server
import logging
import socket
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("share")


@dataclass
class ShareConfig:
    folder: Path
    bind: str = "0.0.0.0"
    port: int = 8415
    minutes: float = 30.0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".flac": "audio/flac",
        ".wav": "audio/wav",
    }

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def local_address() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def make_server(cfg: ShareConfig):
    handler = functools.partial(QuietHandler, directory=str(cfg.folder))
    server_cls = getattr(http.server, "Threading" + "HTTPServer")
    return server_cls((cfg.bind, cfg.port), handler)


def schedule_stop(server, minutes: float):
    timer = threading.Timer(minutes * 60, server.shutdown)
    timer.daemon = True
    timer.start()
    return timer


def summary(folder: Path):
    files = sorted(p for p in folder.iterdir() if p.is_file())
    total = sum(p.stat().st_size for p in files)
    return len(files), total


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("./recordings"))
    ap.add_argument("--port", type=int, default=8415)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--minutes", type=float, default=30.0)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.folder.is_dir():
        log.error("%s is not a folder", args.folder)
        return 1
    cfg = ShareConfig(folder=args.folder.resolve(), bind=args.bind,
                      port=args.port, minutes=args.minutes)
    n, size = summary(cfg.folder)
    try:
        srv = make_server(cfg)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", cfg.bind, cfg.port, exc)
        return 1
    schedule_stop(srv, cfg.minutes)
    log.info("sharing %d files (%.1f MB) at http://%s:%d/ for %.0f min",
             n, size / 1e6, local_address(), cfg.port, cfg.minutes)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
