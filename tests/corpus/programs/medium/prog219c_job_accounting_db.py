#!/usr/bin/env python3
"""Pull recent Slurm accounting records into a local SQLite database and
print per-account usage summaries for the monthly allocation review."""
import argparse
import datetime as dt
import logging
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("acct-db")

SACCT_FIELDS = ["JobID", "User", "Account", "Partition", "State",
                "ElapsedRaw", "AllocCPUS", "AllocTRES"]
TABLE = "jobs"
SCHEMA = """
CREATE TABLE IF NOT EXISTS {t} (
    jobid TEXT PRIMARY KEY, user TEXT, account TEXT, partition TEXT,
    state TEXT, elapsed INTEGER, cpus INTEGER, tres TEXT
)""".format(t=TABLE)


class SacctSource:
    def __init__(self, start, end, binary="sacct"):
        self.start = start
        self.end = end
        self.binary = binary

    def command(self):
        return [self.binary, "--allusers", "--parsable2", "--noheader", "-X",
                "--starttime", self.start, "--endtime", self.end,
                "--format", ",".join(SACCT_FIELDS)]

    def records(self):
        proc = subprocess.run(self.command(), capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.strip() or "sacct failed")
        for line in proc.stdout.splitlines():
            parts = line.split("|")
            if len(parts) == len(SACCT_FIELDS):
                yield parts


class AccountingStore:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def upsert(self, rec):
        jobid, user, account, part, state, elapsed, cpus, tres = rec
        sql = ("INSERT OR REPLACE INTO %s VALUES ('%s','%s','%s','%s','%s',%d,%d,'%s')"
               % (TABLE, jobid, user, account, part, state,
                  int(elapsed or 0), int(cpus or 0), tres))
        self.db.execute(sql)

    def usage_by_account(self, account=None, partition=None):
        where = []
        if account:
            where.append("account = '%s'" % account)
        if partition:
            where.append("partition = '%s'" % partition)
        clause = (" WHERE " + " AND ".join(where)) if where else ""
        sql = ("SELECT account, COUNT(*), SUM(elapsed * cpus) / 3600.0 FROM {t}{w} "
               "GROUP BY account ORDER BY 3 DESC").format(t=TABLE, w=clause)
        return self.db.execute(sql).fetchall()

    def commit(self):
        self.db.commit()

    def close(self):
        self.db.close()


def default_window(days):
    end = dt.date.today()
    start = end - dt.timedelta(days=days)
    return start.isoformat(), end.isoformat()


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="accounting.sqlite")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--account", help="limit the summary to one account")
    ap.add_argument("--partition", help="limit the summary to one partition")
    ap.add_argument("--no-refresh", action="store_true", help="only query the db")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    store = AccountingStore(args.db)
    try:
        if not args.no_refresh:
            start, end = default_window(args.days)
            n = 0
            for rec in SacctSource(start, end).records():
                store.upsert(rec)
                n += 1
            store.commit()
            LOG.info("loaded %d job records (%s .. %s)", n, start, end)
        rows = store.usage_by_account(args.account, args.partition)
    except (RuntimeError, sqlite3.Error, FileNotFoundError) as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        store.close()
    print("%-20s %8s %12s" % ("account", "jobs", "core-hours"))
    for account, jobs, hours in rows:
        print("%-20s %8d %12.1f" % (account, jobs, hours or 0.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
