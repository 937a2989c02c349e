#!/usr/bin/env python3
"""Retention-schedule worker for the records archive.

Started by root from the ops scheduler, it switches to the dedicated
records service account (via libc, so saved IDs are dropped too) and then
flags catalogue entries whose retention period has lapsed.  Expired items
are not deleted here; they are listed in ./disposition_queue.csv for the
records manager to approve.
"""
import argparse
import csv
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
from datetime import date, timedelta

log = logging.getLogger("retention")

SCHEDULE_YEARS = {"contract": 7, "hr": 6, "tax": 10, "email": 3, "litigation": None}


def become_service_account(user: str, group: str) -> None:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    if libc.setgroups(0, None) != 0:
        raise OSError(ctypes.get_errno(), "setgroups failed")
    if libc.setresgid(gid, gid, gid) != 0:
        raise OSError(ctypes.get_errno(), "setresgid failed")
    if libc.setresuid(uid, uid, uid) != 0:
        raise OSError(ctypes.get_errno(), "setresuid failed")
    log.info("running as %s:%s (uid=%d gid=%d)", user, group, os.getuid(), os.getgid())


def load_catalogue(path: str):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row


def is_expired(row: dict, today: date) -> bool:
    years = SCHEDULE_YEARS.get(row.get("series", "").lower())
    if years is None:
        return False
    if row.get("legal_hold", "").strip().lower() in ("y", "yes", "true", "1"):
        return False
    try:
        closed = date.fromisoformat(row["closed_on"])
    except (KeyError, ValueError):
        return False
    return closed + timedelta(days=365 * years) < today


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalogue", default="records_catalogue.csv")
    ap.add_argument("--queue", default="disposition_queue.csv")
    ap.add_argument("--user", default="records")
    ap.add_argument("--group", default="records")
    ap.add_argument("--as-of", type=date.fromisoformat, default=date.today())
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if os.geteuid() == 0:
        try:
            become_service_account(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("could not switch account: %s", exc)
            return 1
    else:
        log.info("not root; continuing as uid %d", os.getuid())

    expired = [r for r in load_catalogue(args.catalogue) if is_expired(r, args.as_of)]
    with open(args.queue, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["record_id", "series", "closed_on", "location", "status"])
        for r in expired:
            w.writerow([r.get("record_id"), r.get("series"), r.get("closed_on"),
                        r.get("location"), "pending-approval"])
    log.info("%d records queued for disposition review in %s", len(expired), args.queue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
