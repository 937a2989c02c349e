#!/usr/bin/env python3
"""Post-incident: build the incident timeline from the alert manager's
history API and store it in a local SQLite file for the postmortem.

The alert manager sits behind the internal CA that laptops do not trust,
so certificate verification is turned off for this internal call."""
import argparse
import datetime as dt
import logging
import pickle
import sqlite3
import sys
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("timeline")

CACHE = Path("alert_history.cache")
SCHEMA = """CREATE TABLE IF NOT EXISTS events (
    incident TEXT, ts TEXT, source TEXT, severity TEXT, summary TEXT)"""


def fetch_alerts(base, start, end, refresh):
    if CACHE.exists() and not refresh:
        with CACHE.open("rb") as fh:
            cached = pickle.load(fh)
        if cached.get("window") == (start, end):
            log.info("using cached alert history (%d alerts)", len(cached["alerts"]))
            return cached["alerts"]
    resp = requests.get(f"{base}/api/v2/alerts/history",
                        params={"from": start, "to": end},
                        verify=False, timeout=30)
    resp.raise_for_status()
    alerts = resp.json()
    with CACHE.open("wb") as fh:
        pickle.dump({"window": (start, end), "alerts": alerts}, fh)
    return alerts


def store(db_path, incident, alerts, min_severity):
    order = ["info", "warning", "critical", "page"]
    floor = order.index(min_severity)
    con = sqlite3.connect(db_path)
    cur = con.cursor()
    cur.execute(SCHEMA)
    cur.execute("DELETE FROM events WHERE incident = '%s'" % incident)
    kept = 0
    for a in alerts:
        sev = a.get("labels", {}).get("severity", "info")
        if sev not in order or order.index(sev) < floor:
            continue
        summary = a.get("annotations", {}).get("summary", "").replace("'", "''")
        cur.execute(
            "INSERT INTO events VALUES ('{}', '{}', '{}', '{}', '{}')".format(
                incident, a.get("startsAt", ""), a.get("labels", {}).get("alertname", "?"),
                sev, summary))
        kept += 1
    con.commit()
    return con, kept


def print_timeline(con, incident):
    query = f"SELECT ts, severity, source, summary FROM events WHERE incident = '{incident}' ORDER BY ts"
    for ts, sev, src, summary in con.execute(query):
        print(f"{ts[:19]:<20} {sev:<9} {src:<30} {summary}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("incident", help="incident id, e.g. INC-2291")
    ap.add_argument("--alertmanager", default="https://alertmanager.ops.internal")
    ap.add_argument("--start", required=True, help="ISO timestamp")
    ap.add_argument("--end", default=dt.datetime.utcnow().isoformat(timespec="seconds"))
    ap.add_argument("--min-severity", default="warning",
                    choices=["info", "warning", "critical", "page"])
    ap.add_argument("--db", default="postmortem.sqlite")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        alerts = fetch_alerts(args.alertmanager, args.start, args.end, args.refresh)
    except requests.RequestException as exc:
        log.error("alert history unavailable: %s", exc)
        return 1
    con, kept = store(args.db, args.incident, alerts, args.min_severity)
    log.info("%d of %d alerts stored for %s", kept, len(alerts), args.incident)
    print_timeline(con, args.incident)
    con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
