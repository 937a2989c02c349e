#!/usr/bin/env python3
"""Cache and query planned truck routes.

Dispatch plans routes in the morning; this tool keeps the computed plans in
a local cache so the afternoon re-plan does not start from scratch, and
stores pickups in a small SQLite database for the office to query.
"""
import argparse
import logging
import os
import pickle
import sqlite3
from datetime import date

import yaml

log = logging.getLogger("routecache")

CACHE_DIR = "route_cache"
DB_PATH = "pickups.db"


def load_settings(path):
    # settings file is maintained by dispatch (depots, truck capacities)
    with open(path) as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def cache_path(day, depot):
    return os.path.join(CACHE_DIR, f"{day}_{depot}.pkl")


def save_plan(day, depot, plan):
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cache_path(day, depot), "wb") as fh:
        pickle.dump(plan, fh)


def load_plan(day, depot):
    path = cache_path(day, depot)
    if not os.path.exists(path):
        return None
    with open(path, "rb") as fh:
        return pickle.load(fh)


def init_db(conn):
    conn.execute("""CREATE TABLE IF NOT EXISTS pickups (
        id INTEGER PRIMARY KEY, day TEXT, depot TEXT, client TEXT,
        truck TEXT, bins INTEGER, status TEXT)""")
    conn.commit()


def record_plan(conn, day, depot, plan):
    for truck, stops in plan.items():
        for stop in stops:
            conn.execute(
                "INSERT INTO pickups(day, depot, client, truck, bins, status) "
                "VALUES (?, ?, ?, ?, ?, 'planned')",
                (day, depot, stop["client"], truck, stop.get("bins", 1)))
    conn.commit()


def find_pickups(conn, client=None, status=None):
    query = "SELECT day, depot, client, truck, bins, status FROM pickups WHERE 1=1"
    if client:
        query += " AND client LIKE '%%%s%%'" % client
    if status:
        query += " AND status = '%s'" % status
    return conn.execute(query + " ORDER BY day").fetchall()


def simple_plan(settings, depot):
    """Greedy allocation of stops to trucks by capacity."""
    dep = settings["depots"][depot]
    trucks = {t: [] for t in dep["trucks"]}
    cap = {t: settings.get("capacity", 40) for t in trucks}
    for stop in dep.get("stops", []):
        for t in trucks:
            if cap[t] >= stop.get("bins", 1):
                trucks[t].append(stop)
                cap[t] -= stop.get("bins", 1)
                break
        else:
            log.warning("no capacity left for %s", stop["client"])
    return trucks


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("plan")
    p.add_argument("settings")
    p.add_argument("depot")
    p.add_argument("--day", default=str(date.today()))
    q = sub.add_parser("query")
    q.add_argument("--client")
    q.add_argument("--status")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = sqlite3.connect(DB_PATH)
    init_db(conn)
    if args.cmd == "plan":
        plan = load_plan(args.day, args.depot)
        if plan is None:
            plan = simple_plan(load_settings(args.settings), args.depot)
            save_plan(args.day, args.depot, plan)
            record_plan(conn, args.day, args.depot, plan)
            log.info("new plan cached")
        for truck, stops in plan.items():
            print(truck, ", ".join(s["client"] for s in stops))
    else:
        for row in find_pickups(conn, args.client, args.status):
            print("\t".join(str(c) for c in row))
    conn.close()


if __name__ == "__main__":
    main()
