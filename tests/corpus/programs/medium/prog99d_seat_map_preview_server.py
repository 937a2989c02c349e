#!/usr/bin/env python3
"""Preview the seat picker build on the foyer iPads before it goes live.

Serves the dist/ folder of the seat picker and keeps an index of the seat
map JSON files up to date, so the box office team can walk round the house
with an iPad, open http://<this laptop>:8800/ and check that every seat
they tap is where the map says it is.

    ./seat_map_preview_server.py [--dir dist] [--port 8800]
"""
import argparse
import functools
import hashlib
import json
import logging
import socket
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("preview")


class PreviewHandler(SimpleHTTPRequestHandler):
    """Static files, but never cached so a rebuild shows up on refresh."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".json": "application/json",
        ".js": "text/javascript",
        ".svg": "image/svg+xml",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.info("%s - %s", self.client_address[0], fmt % args)


class SeatmapIndexer(threading.Thread):
    """Rewrites seatmaps/index.json whenever a seat map file changes."""

    def __init__(self, root: Path, interval: float = 2.0):
        super().__init__(daemon=True, name="seatmap-indexer")
        self.dir = root / "seatmaps"
        self.interval = interval
        self._last = None
        self._halt = threading.Event()

    def _fingerprint(self):
        h = hashlib.md5()
        for p in sorted(self.dir.glob("*.json")):
            if p.name == "index.json":
                continue
            st = p.stat()
            h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns}".encode())
        return h.hexdigest()

    def _rebuild(self):
        venues = []
        for p in sorted(self.dir.glob("*.json")):
            if p.name == "index.json":
                continue
            try:
                data = json.loads(p.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                log.warning("skipping %s: %s", p.name, exc)
                continue
            seats = sum(len(s.get("seats", [])) for s in data.get("sections", {}).values())
            venues.append({"file": p.name, "venue": data.get("venue", p.stem), "seats": seats})
        (self.dir / "index.json").write_text(json.dumps({"venues": venues}, indent=1), encoding="utf-8")
        log.info("index rebuilt: %s", ", ".join(f"{v['venue']} ({v['seats']})" for v in venues) or "empty")

    def run(self):
        while not self._halt.is_set():
            if self.dir.is_dir():
                fp = self._fingerprint()
                if fp != self._last:
                    self._rebuild()
                    self._last = fp
            self._halt.wait(self.interval)

    def stop(self):
        self._halt.set()


def lan_address():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def main():
    ap = argparse.ArgumentParser(description="Serve the seat picker build for device testing")
    ap.add_argument("--dir", type=Path, default=Path("dist"))
    ap.add_argument("--port", type=int, default=8800)
    ap.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    root = args.dir.resolve()
    if not (root / "index.html").exists():
        log.error("%s has no index.html - run the build first", root)
        return 1

    indexer = SeatmapIndexer(root)
    indexer.start()

    handler = functools.partial(PreviewHandler, directory=str(root))
    httpd = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s", root)
    log.info("open http://%s:%d/ on the iPads (Ctrl-C to stop)", lan_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        indexer.stop()
        httpd.server_close()
        time.sleep(0.1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
