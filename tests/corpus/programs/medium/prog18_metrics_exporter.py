#!/usr/bin/env python3
"""Tiny metrics exporter: serves load average and memory figures in the
Prometheus text format to whoever scrapes it."""
import logging
import os
import socketserver

log = logging.getLogger("exporter")

PORT = int(os.environ.get("EXPORTER_PORT", "9101"))


def metrics_text() -> str:
    one, five, fifteen = os.getloadavg()
    with open("/proc/meminfo") as handle:
        mem = dict(line.split(":", 1) for line in handle)
    available = int(mem["MemAvailable"].split()[0]) * 1024
    return (
        f"node_load1 {one}\nnode_load5 {five}\nnode_load15 {fifteen}\n"
        f"node_memory_available_bytes {available}\n"
    )


class MetricsHandler(socketserver.StreamRequestHandler):
    def handle(self):
        self.rfile.readline()
        body = metrics_text().encode()
        self.wfile.write(b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n")
        self.wfile.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    with socketserver.ThreadingTCPServer(("", PORT), MetricsHandler) as server:
        log.info("exporting on port %d", PORT)
        server.serve_forever()
