#!/usr/bin/env python3
"""Small Prometheus exporter for filesystem usage, scraped directly over
HTTP. Uses `df -P` so it also sees bind mounts that statvfs lists oddly."""
import argparse
import logging
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("df_exporter")


class Snapshot:
    def __init__(self):
        self._lock = threading.Lock()
        self._text = "# no data yet\n"

    def set(self, text):
        with self._lock:
            self._text = text

    def get(self):
        with self._lock:
            return self._text


SNAP = Snapshot()


def collect_df(exclude_types):
    cmd = ["df", "-P", "-k"]
    for fstype in exclude_types:
        cmd += ["-x", fstype]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=20, check=False)
    if proc.returncode not in (0, 1):
        raise RuntimeError(proc.stderr.strip())
    rows = []
    for line in proc.stdout.splitlines()[1:]:
        parts = line.split()
        if len(parts) < 6:
            continue
        device, blocks, used, avail, _pct, mount = parts[:6]
        rows.append((device, mount, int(blocks) * 1024, int(used) * 1024, int(avail) * 1024))
    return rows


def render(rows):
    out = ["# HELP fs_size_bytes Filesystem size.", "# TYPE fs_size_bytes gauge"]
    for dev, mnt, size, _, _ in rows:
        out.append(f'fs_size_bytes{{device="{dev}",mountpoint="{mnt}"}} {size}')
    out += ["# HELP fs_avail_bytes Space available to unprivileged users.", "# TYPE fs_avail_bytes gauge"]
    for dev, mnt, _, _, avail in rows:
        out.append(f'fs_avail_bytes{{device="{dev}",mountpoint="{mnt}"}} {avail}')
    return "\n".join(out) + "\n"


def refresher(interval, exclude):
    while True:
        try:
            SNAP.set(render(collect_df(exclude)))
        except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
            log.error("df collection failed: %s", exc)
        time.sleep(interval)


class MetricsHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.rstrip("/") != "/metrics":
            self.send_error(404)
            return
        body = SNAP.get().encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9417)
    ap.add_argument("--interval", type=int, default=15)
    ap.add_argument("--exclude-type", action="append", default=["tmpfs", "overlay", "squashfs"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    threading.Thread(target=refresher, args=(args.interval, args.exclude_type), daemon=True).start()
    server = ThreadingHTTPServer((args.listen, args.port), MetricsHandler)
    log.info("serving on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
