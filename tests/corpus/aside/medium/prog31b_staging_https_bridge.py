#!/usr/bin/env python3
"""Plain-HTTP bridge to the staging HTTPS endpoint.

Some legacy test harnesses only speak plain HTTP.  This bridge listens on
loopback and re-issues each request against the staging cluster over HTTPS.
Staging uses an internal self-signed certificate, so certificate checks are
turned off for the upstream connection.
"""
import argparse
import logging
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urljoin

import httpx

log = logging.getLogger("stgbridge")
SKIP_REQ = {"host", "connection", "keep-alive", "transfer-encoding",
            "accept-encoding", "upgrade"}
SKIP_RESP = {"connection", "keep-alive", "transfer-encoding",
             "content-encoding", "content-length"}

_local = threading.local()


def client(timeout: float) -> httpx.Client:
    """One upstream client per worker thread (connection reuse)."""
    c = getattr(_local, "client", None)
    if c is None:
        c = httpx.Client(verify=False, timeout=timeout, http2=False,
                         follow_redirects=False)
        _local.client = c
    return c


class BridgeHandler(BaseHTTPRequestHandler):
    upstream_base = "https://staging.internal.example:8443/"
    timeout = 20.0
    protocol_version = "HTTP/1.1"

    def relay(self):
        url = urljoin(self.upstream_base, self.path.lstrip("/"))
        size = int(self.headers.get("Content-Length", 0) or 0)
        content = self.rfile.read(size) if size else None
        headers = [(k, v) for k, v in self.headers.items()
                   if k.lower() not in SKIP_REQ]
        try:
            r = client(self.timeout).request(self.command, url,
                                             headers=headers, content=content)
        except httpx.HTTPError as exc:
            log.warning("%s %s failed: %s", self.command, url, exc)
            self.send_error(502, "upstream error")
            return
        body = r.content
        self.send_response(r.status_code)
        for k, v in r.headers.multi_items():
            if k.lower() not in SKIP_RESP:
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        log.info("%s %s -> %d (%d bytes)", self.command, self.path,
                 r.status_code, len(body))

    do_GET = do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = relay

    def log_message(self, *_):
        return


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", type=int, default=9080)
    ap.add_argument("--upstream", default=BridgeHandler.upstream_base)
    ap.add_argument("--timeout", type=float, default=20.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.upstream.startswith("https://"):
        log.error("upstream must be https://")
        return 2
    BridgeHandler.upstream_base = args.upstream.rstrip("/") + "/"
    BridgeHandler.timeout = args.timeout
    httpd = ThreadingHTTPServer(("127.0.0.1", args.port), BridgeHandler)
    log.info("bridge http://127.0.0.1:%d -> %s", args.port,
             BridgeHandler.upstream_base)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("bye")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
