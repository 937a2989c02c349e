#!/usr/bin/env python3
"""Tiny Prometheus exposition agent for build hosts.

Collects a handful of host gauges by shelling out to standard userland tools
(df, who, nproc) and serves them at /metrics via a WSGI app so the lab
Prometheus can scrape every build box without installing node_exporter.
"""
import argparse
import logging
import subprocess
import threading
import time
from wsgiref.simple_server import make_server, WSGIRequestHandler

LOG = logging.getLogger("buildhost-metrics")

COLLECT_COMMANDS = {
    "filesystem": ["df", "-kP", "-x", "tmpfs", "-x", "devtmpfs"],
    "sessions": ["who", "-q"],
    "cpus": ["nproc"],
}


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        LOG.debug("scrape from %s: " + fmt, self.client_address[0], *args)


class Collector:
    def __init__(self, interval: float):
        self.interval = interval
        self._lock = threading.Lock()
        self._payload = b"# no data yet\n"
        self._stop = threading.Event()

    def _run(self, key: str) -> str:
        try:
            res = subprocess.run(COLLECT_COMMANDS[key], capture_output=True,
                                 text=True, timeout=10, check=True)
            return res.stdout
        except (subprocess.SubprocessError, FileNotFoundError) as exc:
            LOG.warning("collector %s failed: %s", key, exc)
            return ""

    def collect_once(self) -> None:
        lines = []
        df_out = self._run("filesystem").splitlines()[1:]
        lines.append("# TYPE buildhost_fs_avail_bytes gauge")
        for row in df_out:
            parts = row.split()
            if len(parts) < 6:
                continue
            dev, _size, _used, avail, _pct, mount = parts[:6]
            lines.append(f'buildhost_fs_avail_bytes{{device="{dev}",mount="{mount}"}} '
                         f"{int(avail) * 1024}")

        who_out = self._run("sessions").strip().splitlines()
        users = 0
        if who_out:
            tail = who_out[-1]
            if "=" in tail:
                users = int(tail.split("=", 1)[1])
        lines.append("# TYPE buildhost_logged_in_sessions gauge")
        lines.append(f"buildhost_logged_in_sessions {users}")

        cpus = self._run("cpus").strip() or "0"
        lines.append("# TYPE buildhost_cpus gauge")
        lines.append(f"buildhost_cpus {int(cpus)}")

        with open("/proc/loadavg") as fh:
            load1, load5, load15 = fh.read().split()[:3]
        lines.append("# TYPE buildhost_load gauge")
        for window, value in (("1m", load1), ("5m", load5), ("15m", load15)):
            lines.append(f'buildhost_load{{window="{window}"}} {value}')

        lines.append(f"buildhost_last_collect_timestamp {time.time():.0f}")
        with self._lock:
            self._payload = ("\n".join(lines) + "\n").encode()

    def loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.collect_once()
            except Exception:  # keep the agent alive on parse errors
                LOG.exception("collection cycle failed")
            self._stop.wait(self.interval)

    def payload(self) -> bytes:
        with self._lock:
            return self._payload


def build_app(collector: Collector):
    def app(environ, start_response):
        if environ.get("PATH_INFO") != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"see /metrics\n"]
        body = collector.payload()
        start_response("200 OK", [("Content-Type", "text/plain; version=0.0.4"),
                                  ("Content-Length", str(len(body)))])
        return [body]
    return app


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9477)
    ap.add_argument("--interval", type=float, default=15.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    collector = Collector(args.interval)
    threading.Thread(target=collector.loop, name="collector", daemon=True).start()
    httpd = make_server(args.listen, args.port, build_app(collector),
                        handler_class=QuietHandler)
    LOG.info("serving metrics on %s:%d/metrics", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")


if __name__ == "__main__":
    main()
