#!/usr/bin/env python3
"""Serve live dock occupancy to the street-side kiosks.

The poller writes dock_status.json every minute; this server exposes it as
/status and /status/<station_id> on port 8080 of the kiosk network. Run it
under the dockstatus account from the kiosk image's session script.
"""

import argparse
import json
import logging
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("dockstatusd")


class StatusCache:
    def __init__(self, path, ttl=20):
        self.path = Path(path)
        self.ttl = ttl
        self._data, self._loaded = {}, 0.0
        self._lock = threading.Lock()

    def get(self):
        with self._lock:
            if time.monotonic() - self._loaded > self.ttl:
                try:
                    raw = json.loads(self.path.read_text())
                    self._data = {s["station_id"]: s for s in raw.get("stations", [])}
                    self._loaded = time.monotonic()
                except (OSError, ValueError) as exc:
                    log.warning("status file unreadable: %s", exc)
            return self._data


class Handler(BaseHTTPRequestHandler):
    cache: StatusCache = None
    server_version = "dockstatus/1.2"

    def _send(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "max-age=15")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        data = self.cache.get()
        if parts == ["status"]:
            self._send(200, list(data.values()))
        elif len(parts) == 2 and parts[0] == "status":
            st = data.get(parts[1])
            self._send(200, st) if st else self._send(404, {"error": "unknown station"})
        elif parts == ["healthz"]:
            self._send(200, {"stations": len(data)})
        else:
            self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status-file", default="dock_status.json")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    Handler.cache = StatusCache(args.status_file)
    httpd = ThreadingHTTPServer((args.bind, args.port), Handler)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
