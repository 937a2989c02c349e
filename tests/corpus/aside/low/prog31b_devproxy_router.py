#!/usr/bin/env python3
"""Tiny path-based reverse proxy for local development.

Routes /api/* to the API process and everything else to the frontend dev
server, so the browser sees a single origin.  Listens on loopback only.

Routes are read from devproxy.json in the working directory, e.g.
    {"routes": {"/api/": "127.0.0.1:8000", "/": "127.0.0.1:5173"}}
"""
import argparse
import http.client
import json
import logging
import pathlib
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("devproxy")
HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate",
              "proxy-authorization", "te", "trailers", "transfer-encoding",
              "upgrade"}
DEFAULT_ROUTES = {"/api/": "127.0.0.1:8000", "/": "127.0.0.1:5173"}


def load_routes(path: pathlib.Path) -> list:
    routes = DEFAULT_ROUTES
    if path.exists():
        try:
            routes = json.loads(path.read_text())["routes"]
        except (ValueError, KeyError) as exc:
            log.error("bad %s: %s; using defaults", path, exc)
    # longest prefix first
    return sorted(routes.items(), key=lambda kv: len(kv[0]), reverse=True)


class RouterHandler(BaseHTTPRequestHandler):
    routes: list = []
    timeout_s: float = 30.0
    protocol_version = "HTTP/1.1"

    def _backend_for(self, path: str) -> str:
        for prefix, backend in self.routes:
            if path.startswith(prefix):
                return backend
        return ""

    def _forward(self) -> None:
        backend = self._backend_for(self.path)
        if not backend:
            self.send_error(502, "no route")
            return
        host, _, port = backend.partition(":")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in HOP_BY_HOP}
        headers["X-Forwarded-For"] = self.client_address[0]
        headers["X-Forwarded-Proto"] = "http"
        conn = http.client.HTTPConnection(host, int(port or 80),
                                          timeout=self.timeout_s)
        try:
            conn.request(self.command, self.path, body=body, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
        except OSError as exc:
            log.warning("%s %s -> %s failed: %s", self.command, self.path,
                        backend, exc)
            self.send_error(502, "backend unavailable")
            return
        finally:
            conn.close()
        self.send_response(resp.status, resp.reason)
        for k, v in resp.getheaders():
            if k.lower() not in HOP_BY_HOP and k.lower() != "content-length":
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _forward

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main() -> int:
    ap = argparse.ArgumentParser(description="local dev reverse proxy")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--config", default="devproxy.json")
    ap.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    RouterHandler.routes = load_routes(pathlib.Path(args.config))
    RouterHandler.timeout_s = args.timeout
    for prefix, backend in RouterHandler.routes:
        log.info("route %-10s -> %s", prefix, backend)
    try:
        server = ThreadingHTTPServer(("127.0.0.1", args.port), RouterHandler)
    except OSError as exc:
        log.error("cannot listen on %d: %s", args.port, exc)
        return 1
    log.info("open http://127.0.0.1:%d/", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
