#!/usr/bin/env python3
"""Serves the race results folder to the TVs and tablets in the lounge so
drivers can look up their printouts after a session."""
import argparse
import functools
import http.server
import importlib
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("results-share")

RESULTS = Path(os.environ.get("RESULTS_DIR", "results"))


def handler_factory(directory: Path):
    base = getattr(http.server, "Simple" + "HTTPRequestHandler")

    class QuietHandler(base):
        def log_message(self, fmt, *args):
            log.debug("%s - %s", self.address_string(), fmt % args)

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    return functools.partial(QuietHandler, directory=str(directory))


def server_class(threaded: bool):
    name = "ThreadingHTTPServer" if threaded else "HTTPServer"
    return getattr(importlib.import_module("http.server"), name)


def listen_address():
    host = os.environ.get("RESULTS_BIND", ".".join(["0"] * 4))
    port = int(os.environ.get("RESULTS_PORT", "8080"))
    return host, port


def lan_hint(port: int) -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return f"http://{s.getsockname()[0]}:{port}/"
    except OSError:
        return f"http://localhost:{port}/"


def main():
    parser = argparse.ArgumentParser(description="Lounge results share")
    parser.add_argument("--single-thread", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    RESULTS.mkdir(exist_ok=True)
    addr = listen_address()
    httpd = server_class(not args.single_thread)(addr, handler_factory(RESULTS))
    log.info("sharing %s on %s", RESULTS.resolve(), lan_hint(addr[1]))
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
