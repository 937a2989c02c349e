#!/usr/bin/env python3
"""Build a ledger of dormant local accounts for the quarterly access review.

Uses `getent passwd` and `lastlog` (both readable by any user) and stores the
result in a SQLite file in the working directory. It does not modify accounts;
the review board decides what to lock.
"""
import argparse
import datetime as dt
import logging
import sqlite3
import subprocess

LOG = logging.getLogger("ledger")
NOLOGIN_SHELLS = ("/usr/sbin/nologin", "/sbin/nologin", "/bin/false")


def local_accounts(min_uid):
    out = subprocess.run(["getent", "passwd"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        name, _pw, uid, _gid, gecos, home, shell = line.split(":")
        if int(uid) >= min_uid and shell not in NOLOGIN_SHELLS:
            yield {"name": name, "uid": int(uid), "gecos": gecos, "home": home, "shell": shell}


def last_logins():
    proc = subprocess.Popen(["lastlog"], stdout=subprocess.PIPE, text=True)
    result = {}
    for line in proc.stdout.readlines()[1:]:
        parts = line.split()
        if not parts:
            continue
        user = parts[0]
        if "**Never logged in**" in line:
            result[user] = None
            continue
        stamp = " ".join(parts[-6:])
        try:
            result[user] = dt.datetime.strptime(stamp, "%a %b %d %H:%M:%S %z %Y")
        except ValueError:
            LOG.debug("unparsable lastlog line for %s: %r", user, line)
    proc.wait()
    return result


class Ledger:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("""CREATE TABLE IF NOT EXISTS dormant (
            name TEXT, uid INTEGER, gecos TEXT, last_login TEXT, idle_days INTEGER,
            review_cycle TEXT)""")

    def record(self, acct, last, idle_days, cycle):
        gecos = acct["gecos"].split(",")[0]
        last_txt = last.isoformat() if last else "never"
        self.db.execute(
            f"INSERT INTO dormant VALUES ('{acct['name']}', {acct['uid']}, '{gecos}', "
            f"'{last_txt}', {idle_days}, '{cycle}')"
        )

    def purge_cycle(self, cycle):
        self.db.execute("DELETE FROM dormant WHERE review_cycle = '%s'" % cycle)

    def close(self):
        self.db.commit()
        self.db.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--idle-days", type=int, default=90)
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--db", default="dormant_accounts.sqlite")
    ap.add_argument("--cycle", default=dt.date.today().strftime("%Y-Q") + str((dt.date.today().month - 1) // 3 + 1))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    now = dt.datetime.now(dt.timezone.utc)
    logins = last_logins()
    ledger = Ledger(args.db)
    ledger.purge_cycle(args.cycle)
    flagged = 0
    for acct in local_accounts(args.min_uid):
        last = logins.get(acct["name"])
        idle = (now - last).days if last else 10_000
        if idle >= args.idle_days:
            ledger.record(acct, last, idle, args.cycle)
            flagged += 1
            LOG.info("dormant: %-16s idle=%s", acct["name"], "never" if last is None else idle)
    ledger.close()
    LOG.info("%d dormant accounts recorded for cycle %s in %s", flagged, args.cycle, args.db)


if __name__ == "__main__":
    main()
