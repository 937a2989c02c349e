#!/usr/bin/env python3
"""Host the current modpack folder for friends on the LAN party network.

Friends point their launcher at http://<this-host>:8765/ and pull the
files listed in modpack.json. Regenerates the index before serving.
"""
import argparse
import functools
import hashlib
import json
import logging
import os
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("modhost")


def build_index(root: Path) -> dict:
    files = []
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.name != "modpack.json":
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
            files.append({"path": p.relative_to(root).as_posix(),
                          "size": p.stat().st_size, "sha256": digest})
    return {"name": root.resolve().name, "files": files}


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def lan_address() -> str:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="modpack", type=Path)
    ap.add_argument("--port", type=int, default=int(os.environ.get("MODHOST_PORT", 8765)))
    ap.add_argument("--bind", default="0.0.0.0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.dir.is_dir():
        raise SystemExit(f"modpack folder {args.dir} not found")
    index = build_index(args.dir)
    (args.dir / "modpack.json").write_text(json.dumps(index, indent=2))
    log.info("indexed %d files", len(index["files"]))

    handler = functools.partial(QuietHandler, directory=str(args.dir))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s at http://%s:%d/", args.dir, lan_address(), args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
