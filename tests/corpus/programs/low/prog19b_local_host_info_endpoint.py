#!/usr/bin/env python3
"""Serve basic host facts as JSON on localhost for a desktop widget.

Reads /etc/os-release and /proc/cpuinfo once at startup and answers
GET /info and GET /health. Only listens on the loopback interface.
"""
import argparse
import json
import logging
import os
import platform
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("hostinfo")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    info[key] = value.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def read_cpu_model(path="/proc/cpuinfo"):
    models = set()
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    models.add(line.split(":", 1)[1].strip())
    except OSError:
        pass
    return sorted(models) or [platform.processor() or "unknown"]


def collect_facts():
    release = read_os_release()
    return {
        "os": release.get("PRETTY_NAME", platform.system()),
        "kernel": platform.release(),
        "cpu_models": read_cpu_model(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
    }


class InfoHandler(BaseHTTPRequestHandler):
    facts = {}

    def _send(self, status, payload):
        body = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/info":
            self._send(200, self.facts)
        elif self.path == "/health":
            self._send(200, {"status": "ok"})
        else:
            self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    InfoHandler.facts = collect_facts()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), InfoHandler)
    log.info("host info on http://127.0.0.1:%d/info", args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("bye")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
