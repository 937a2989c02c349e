#!/usr/bin/env python3
"""Minimal Prometheus exporter for basic host metrics.

Serves /metrics over HTTP so a Prometheus server on another machine can
scrape it.  Metrics come from /proc and /etc/os-release; no extra
dependencies are required.
"""
import argparse
import logging
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("node_basic_exporter")
START_TIME = time.time()
SCRAPES = {"count": 0, "errors": 0}


def read_kv_file(path, sep=":"):
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if sep not in line:
                continue
            key, _, value = line.partition(sep)
            out[key.strip()] = value.strip().strip('"')
    return out


def load_average():
    with open("/proc/loadavg", encoding="utf-8") as fh:
        return [float(x) for x in fh.read().split()[:3]]


def cpu_count():
    with open("/proc/cpuinfo", encoding="utf-8") as fh:
        return sum(1 for line in fh if line.startswith("processor"))


def memory_bytes():
    info = read_kv_file("/proc/meminfo")
    def kb(name):
        return int(info.get(name, "0 kB").split()[0]) * 1024
    return kb("MemTotal"), kb("MemAvailable")


def render_metrics():
    lines = []

    def gauge(name, helptext, value, labels=""):
        lines.append(f"# HELP {name} {helptext}")
        lines.append(f"# TYPE {name} gauge")
        lines.append(f"{name}{labels} {value}")

    osr = read_kv_file("/etc/os-release", sep="=")
    gauge("node_basic_os_info", "OS identity.", 1,
          '{id="%s",version="%s"}' % (osr.get("ID", ""), osr.get("VERSION_ID", "")))
    l1, l5, l15 = load_average()
    gauge("node_basic_load1", "Load average 1m.", l1)
    gauge("node_basic_load5", "Load average 5m.", l5)
    gauge("node_basic_load15", "Load average 15m.", l15)
    gauge("node_basic_cpus", "Logical CPU count.", cpu_count())
    total, avail = memory_bytes()
    gauge("node_basic_memory_total_bytes", "Total RAM.", total)
    gauge("node_basic_memory_available_bytes", "Available RAM.", avail)
    gauge("node_basic_exporter_uptime_seconds", "Exporter uptime.", round(time.time() - START_TIME, 1))
    lines.append("# TYPE node_basic_scrapes_total counter")
    lines.append(f"node_basic_scrapes_total {SCRAPES['count']}")
    lines.append("# TYPE node_basic_scrape_errors_total counter")
    lines.append(f"node_basic_scrape_errors_total {SCRAPES['errors']}")
    return "\n".join(lines) + "\n"


class MetricsHandler(BaseHTTPRequestHandler):
    server_version = "node_basic_exporter/0.3"

    def do_GET(self):
        if self.path not in ("/metrics", "/"):
            self.send_error(404, "only /metrics is served")
            return
        if self.path == "/":
            body = b"<html><body><a href='/metrics'>metrics</a></body></html>"
            ctype = "text/html"
        else:
            SCRAPES["count"] += 1
            try:
                body = render_metrics().encode()
            except (OSError, ValueError) as exc:
                SCRAPES["errors"] += 1
                log.error("scrape failed: %s", exc)
                self.send_error(500, "collection failed")
                return
            ctype = "text/plain; version=0.0.4"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=9101)
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    # Listen on every interface so the central Prometheus can reach us.
    listen = ("0.0.0.0", args.port)
    httpd = ThreadingHTTPServer(listen, MetricsHandler)
    log.info("serving metrics on %s:%d", *listen)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("shutting down")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
