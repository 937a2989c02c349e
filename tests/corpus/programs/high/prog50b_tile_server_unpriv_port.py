#!/usr/bin/env python3
"""Serve a directory of pre-rendered XYZ tiles on port 80 without running as root.

Instead of keeping root for the whole lifetime, the script lowers the kernel's
unprivileged-port threshold once via /proc/sys, then serves tiles from
./tiles with a small threaded HTTP handler bound to loopback (a reverse
proxy in front of it terminates TLS).
"""
import argparse
import logging
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SYSCTL_PATH = Path("/proc/sys/net/ipv4/ip_unprivileged_port_start")
TILE_RE = re.compile(r"^/(\d{1,2})/(\d{1,7})/(\d{1,7})\.(png|webp|pbf)$")
MIME = {"png": "image/png", "webp": "image/webp", "pbf": "application/x-protobuf"}
log = logging.getLogger("tileserve")


def ensure_port_allowed(port: int) -> None:
    current = int(SYSCTL_PATH.read_text().strip())
    if port >= current:
        log.info("port %d already allowed (threshold %d)", port, current)
        return
    log.info("lowering ip_unprivileged_port_start %d -> %d", current, port)
    try:
        SYSCTL_PATH.write_text(f"{port}\n")
    except PermissionError:
        sys.exit(f"cannot write {SYSCTL_PATH}; run once with privileges or pick a port >= {current}")


class TileHandler(BaseHTTPRequestHandler):
    root: Path = Path("tiles")
    server_version = "tileserve/0.9"

    def do_GET(self):
        m = TILE_RE.match(self.path.split("?", 1)[0])
        if not m:
            self.send_error(404, "not a tile path")
            return
        z, x, y, ext = m.groups()
        if int(x) >= 1 << int(z) or int(y) >= 1 << int(z):
            self.send_error(400, "tile out of range")
            return
        tile = self.root / z / x / f"{y}.{ext}"
        if not tile.is_file():
            self.send_error(404)
            return
        body = tile.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", MIME[ext])
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "public, max-age=86400")
        self.send_header("Access-Control-Allow-Origin", "*")
        if ext == "pbf" and body[:2] == b"\x1f\x8b":
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("tiles"))
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.root.is_dir():
        log.error("tile root %s does not exist", args.root)
        return 2
    ensure_port_allowed(args.port)
    TileHandler.root = args.root.resolve()
    httpd = ThreadingHTTPServer((args.bind, args.port), TileHandler)
    log.info("serving %s on http://%s:%d/", TileHandler.root, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
