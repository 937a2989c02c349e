#!/usr/bin/env python3
"""A small TCP echo server for testing clients locally.

Listens on 127.0.0.1 only, echoes every line back (optionally upper-cased)
and logs connection statistics.  Useful when developing a line-based
client without a real backend.
"""
import argparse
import logging
import socketserver
import sys
import threading

log = logging.getLogger("echo")

HOST = "127.0.0.1"
MAX_LINE = 4096


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.connections = 0
        self.lines = 0
        self.bytes = 0

    def record(self, nbytes: int) -> None:
        with self.lock:
            self.lines += 1
            self.bytes += nbytes

    def opened(self) -> None:
        with self.lock:
            self.connections += 1

    def __str__(self) -> str:
        return (f"connections={self.connections} lines={self.lines} "
                f"bytes={self.bytes}")


class EchoHandler(socketserver.StreamRequestHandler):
    timeout = 60

    def handle(self):
        server = self.server
        server.stats.opened()
        peer = "%s:%d" % self.client_address
        log.info("connection from %s", peer)
        try:
            while True:
                line = self.rfile.readline(MAX_LINE)
                if not line:
                    break
                server.stats.record(len(line))
                if line.strip() == b"QUIT":
                    self.wfile.write(b"bye\n")
                    break
                reply = line.upper() if server.upper else line
                self.wfile.write(reply)
        except (ConnectionResetError, TimeoutError) as exc:
            log.info("%s dropped: %s", peer, exc)
        finally:
            log.info("closed %s", peer)


class EchoServer(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self, port: int, upper: bool):
        super().__init__((HOST, port), EchoHandler)
        self.stats = Stats()
        self.upper = upper


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Line echo server on 127.0.0.1")
    ap.add_argument("-p", "--port", type=int, default=9007)
    ap.add_argument("--upper", action="store_true", help="echo in upper case")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not 1024 <= args.port <= 65535:
        log.error("port must be between 1024 and 65535")
        return 2
    try:
        server = EchoServer(args.port, args.upper)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", HOST, args.port, exc)
        return 1
    print(f"echo server on {HOST}:{args.port} (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        print(f"stopped: {server.stats}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
