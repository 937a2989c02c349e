#!/usr/bin/env python3
"""Per-student GPU usage exporter for the shared lab GPU nodes.

Polls nvidia-smi for compute processes, maps each PID to the owning login
via /proc, accumulates GPU-seconds per user against the weekly quota in
quota.json and exposes the totals in Prometheus text format on /metrics.
"""
import argparse
import csv
import io
import json
import logging
import pwd
import subprocess
import threading
import time
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("gpu-quota")

QUERY = [
    "nvidia-smi",
    "--query-compute-apps=pid,gpu_uuid,used_memory",
    "--format=csv,noheader,nounits",
]


def pid_owner(pid):
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("Uid:"):
                    uid = int(line.split()[1])
                    return pwd.getpwuid(uid).pw_name
    except (OSError, KeyError, ValueError):
        pass
    return "unknown"


def sample_processes():
    out = subprocess.run(QUERY, capture_output=True, text=True, timeout=15, check=True).stdout
    for row in csv.reader(io.StringIO(out)):
        if len(row) < 3:
            continue
        pid, uuid, mem = (c.strip() for c in row[:3])
        yield int(pid), uuid, int(mem or 0)


class UsageLedger:
    def __init__(self, quotas, interval):
        self.quotas = quotas
        self.interval = interval
        self.gpu_seconds = defaultdict(float)
        self.mem_peak = defaultdict(int)
        self.lock = threading.Lock()

    def tick(self):
        seen = defaultdict(set)
        for pid, uuid, mem in sample_processes():
            user = pid_owner(pid)
            seen[user].add(uuid)
            with self.lock:
                self.mem_peak[user] = max(self.mem_peak[user], mem)
        with self.lock:
            for user, gpus in seen.items():
                self.gpu_seconds[user] += len(gpus) * self.interval

    def render(self):
        lines = [
            "# HELP lab_gpu_seconds_total GPU-seconds used this week",
            "# TYPE lab_gpu_seconds_total counter",
        ]
        with self.lock:
            for user, secs in sorted(self.gpu_seconds.items()):
                quota = self.quotas.get(user, self.quotas.get("default", 36000))
                lines.append(f'lab_gpu_seconds_total{{user="{user}"}} {secs:.0f}')
                lines.append(f'lab_gpu_quota_seconds{{user="{user}"}} {quota}')
                lines.append(f'lab_gpu_mem_peak_mib{{user="{user}"}} {self.mem_peak[user]}')
        return "\n".join(lines) + "\n"


def poll_loop(ledger, stop):
    while not stop.is_set():
        try:
            ledger.tick()
        except (subprocess.SubprocessError, OSError) as exc:
            log.warning("nvidia-smi sample failed: %s", exc)
        stop.wait(ledger.interval)


def make_handler(ledger):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path != "/metrics":
                self.send_error(404)
                return
            body = ledger.render().encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            log.debug("%s " + fmt, self.client_address[0], *args)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="quota.json")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=9410)
    ap.add_argument("--interval", type=float, default=30.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        with open(args.config) as fh:
            cfg = json.load(fh)
    except FileNotFoundError:
        log.warning("%s not found, using default quota only", args.config)
        cfg = {}

    ledger = UsageLedger(cfg.get("quotas", {}), args.interval)
    stop = threading.Event()
    threading.Thread(target=poll_loop, args=(ledger, stop), daemon=True).start()

    server = ThreadingHTTPServer((args.listen, args.port), make_handler(ledger))
    log.info("serving metrics on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()


if __name__ == "__main__":
    main()
