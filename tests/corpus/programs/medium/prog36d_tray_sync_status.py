#!/usr/bin/env python3
"""Acme Drive tray agent: sync-status endpoint and tray icon.

The agent watches ./AcmeDrive for changes, keeps counters of pending and
synced files, and exposes them as JSON on a small HTTP endpoint so the
companion phone app on the same Wi-Fi can show progress.  State survives
restarts in ./.tray_state.pkl.  A tray icon is shown when pystray is
installed; otherwise the agent runs headless.
"""
import argparse
import json
import logging
import os
import pickle
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

try:
    import pystray
    from PIL import Image
except ImportError:  # headless mode
    pystray = None

STATE_FILE = Path(".tray_state.pkl")
WATCH_DIR = Path("AcmeDrive")

log = logging.getLogger("tray-agent")


class SyncState:
    def __init__(self):
        self.lock = threading.Lock()
        self.seen = {}          # relative path -> mtime
        self.pending = set()
        self.synced_total = 0
        self.started = time.time()

    def snapshot(self) -> dict:
        with self.lock:
            return {
                "pending": len(self.pending),
                "synced_total": self.synced_total,
                "tracked": len(self.seen),
                "uptime": int(time.time() - self.started),
            }

    def save(self, path: Path) -> None:
        with self.lock:
            blob = {"seen": self.seen, "pending": self.pending, "synced_total": self.synced_total}
        with open(path, "wb") as fh:
            pickle.dump(blob, fh, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def load(cls, path: Path) -> "SyncState":
        st = cls()
        if path.exists():
            with open(path, "rb") as fh:
                blob = pickle.load(fh)
            st.seen = blob.get("seen", {})
            st.pending = set(blob.get("pending", ()))
            st.synced_total = blob.get("synced_total", 0)
        return st


def scan_loop(state: SyncState, interval: float, stop: threading.Event) -> None:
    while not stop.is_set():
        if WATCH_DIR.is_dir():
            for root, _dirs, files in os.walk(WATCH_DIR):
                for name in files:
                    p = Path(root, name)
                    rel = str(p.relative_to(WATCH_DIR))
                    mtime = p.stat().st_mtime
                    with state.lock:
                        if state.seen.get(rel) != mtime:
                            state.seen[rel] = mtime
                            state.pending.add(rel)
        # pretend-upload a few files per tick; the real uploader is a separate service
        with state.lock:
            for _ in range(min(5, len(state.pending))):
                state.pending.pop()
                state.synced_total += 1
        state.save(STATE_FILE)
        stop.wait(interval)


def make_handler(state: SyncState):
    class StatusHandler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path not in ("/", "/status"):
                self.send_error(404)
                return
            body = json.dumps(state.snapshot()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug("http: " + fmt, *args)

    return StatusHandler


def run_tray(stop: threading.Event) -> None:
    image = Image.new("RGB", (64, 64), (30, 120, 220))
    icon = pystray.Icon("acme-drive", image, "Acme Drive",
                        menu=pystray.Menu(pystray.MenuItem("Quit", lambda i, _: (stop.set(), i.stop()))))
    icon.run()


def main() -> int:
    ap = argparse.ArgumentParser(description="Acme Drive tray agent")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--listen", default="0.0.0.0", help="address for the status endpoint")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--headless", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    state = SyncState.load(STATE_FILE)
    stop = threading.Event()
    threading.Thread(target=scan_loop, args=(state, args.interval, stop), daemon=True).start()

    server = ThreadingHTTPServer((args.listen, args.port), make_handler(state))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    log.info("status endpoint on http://%s:%d/status", args.listen, args.port)

    try:
        if pystray is not None and not args.headless:
            run_tray(stop)
        else:
            while not stop.is_set():
                stop.wait(1.0)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.shutdown()
        state.save(STATE_FILE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
