#!/usr/bin/env python3
"""Shares the current proofs folder so the install crew can view them on tablets."""
import argparse
import functools
import logging
import os
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("proofs.share")

DEFAULTS = {
    "folder": os.environ.get("PROOFS_DIR", "proofs"),
    "listen": "0.0.0.0",
    "port": int(os.environ.get("PROOFS_PORT", "8088")),
}


class ProofHandler(SimpleHTTPRequestHandler):
    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{
        ".pdf": "application/pdf",
        ".svg": "image/svg+xml",
    })

    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def local_addresses():
    names = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            names.add(info[4][0])
    except socket.gaierror:
        pass
    return sorted(names) or ["127.0.0.1"]


def count_proofs(folder):
    return sum(1 for p in folder.rglob("*") if p.suffix.lower() in {".pdf", ".png", ".jpg", ".svg"})


def serve(folder, listen, port):
    handler = functools.partial(ProofHandler, directory=str(folder))
    httpd = ThreadingHTTPServer((listen, port), handler)
    for addr in local_addresses():
        print(f"proofs available at http://{addr}:{port}/")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()


def main():
    parser = argparse.ArgumentParser(description="Share the proofs folder on the LAN")
    parser.add_argument("--folder", default=DEFAULTS["folder"])
    parser.add_argument("--listen", default=DEFAULTS["listen"])
    parser.add_argument("--port", type=int, default=DEFAULTS["port"])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        parser.error(f"no such folder: {folder}")
    log.info("sharing %s (%d proofs)", folder, count_proofs(folder))
    serve(folder, args.listen, args.port)


if __name__ == "__main__":
    main()
