#!/usr/bin/env python3
"""Build the next week's donor recall list for the blood bank's SMS/email reminders.

Reads the donor register (SQLite, exported nightly from the BECS), works out
who becomes eligible again in the window (whole blood 56 days, double red 112,
platelets 7, plasma 28), drops anyone deferred, and writes reminders.csv for
the messaging gateway.  Email addresses whose domain does not resolve are
flagged so the front desk can fix them at the donor's next visit.
"""
import argparse
import csv
import datetime as dt
import functools
import logging
import socket
import sqlite3
import sys
from dataclasses import dataclass

log = logging.getLogger("recall")

INTERVALS = {"WB": 56, "DR": 112, "PLT": 7, "PLS": 28}


@dataclass
class Donor:
    donor_id: str
    name: str
    email: str
    phone: str
    abo_rh: str
    last_type: str
    last_date: dt.date

    @property
    def eligible_on(self):
        return self.last_date + dt.timedelta(days=INTERVALS.get(self.last_type, 56))


def iter_donors(conn, site):
    cur = conn.execute(
        """SELECT d.donor_id, d.name, d.email, d.phone, d.abo_rh,
                  v.procedure, MAX(v.visit_date)
             FROM donors d JOIN visits v ON v.donor_id = d.donor_id
            WHERE d.site = ? AND d.active = 1
              AND d.donor_id NOT IN (SELECT donor_id FROM deferrals
                                      WHERE until IS NULL OR until > date('now'))
            GROUP BY d.donor_id""",
        (site,),
    )
    for row in cur:
        try:
            last = dt.date.fromisoformat(row[6])
        except (TypeError, ValueError):
            log.warning("donor %s has bad visit date %r", row[0], row[6])
            continue
        yield Donor(*row[:6], last)


@functools.lru_cache(maxsize=2048)
def domain_resolves(domain):
    try:
        socket.getaddrinfo(domain, 25, proto=socket.IPPROTO_TCP)
        return True
    except socket.gaierror:
        return False


def contact_ok(donor):
    if donor.email and "@" in donor.email:
        return domain_resolves(donor.email.rsplit("@", 1)[1].lower())
    return bool(donor.phone)


def window(start, days):
    end = start + dt.timedelta(days=days)
    return lambda d: start <= d.eligible_on < end


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="donor_register.sqlite")
    ap.add_argument("--site", required=True)
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--start", type=dt.date.fromisoformat, default=dt.date.today())
    ap.add_argument("--out", default="reminders.csv")
    ap.add_argument("--skip-dns", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        sys.exit(f"cannot open register: {exc}")

    due = window(args.start, args.days)
    rows, flagged = [], 0
    with conn:
        for donor in filter(due, iter_donors(conn, args.site)):
            ok = True if args.skip_dns else contact_ok(donor)
            flagged += not ok
            rows.append({
                "donor_id": donor.donor_id,
                "name": donor.name,
                "channel": "email" if donor.email else "sms",
                "address": donor.email or donor.phone,
                "abo_rh": donor.abo_rh,
                "eligible_on": donor.eligible_on.isoformat(),
                "contact_ok": int(ok),
            })

    rows.sort(key=lambda r: (r["eligible_on"], r["abo_rh"] not in ("O-", "O NEG")))
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["donor_id"])
        w.writeheader()
        w.writerows(rows)
    log.info("%d reminders written to %s (%d contact problems)", len(rows), args.out, flagged)


if __name__ == "__main__":
    main()
