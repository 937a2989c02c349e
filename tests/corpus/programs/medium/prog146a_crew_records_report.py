#!/usr/bin/env python3
"""Crew training records report.

Produces the quarterly competence report for the station training
coordinator: which crew members have expired or soon-to-expire modules
(sea survival, casualty care, helm), filtered by role. Report settings come
from report.yaml so the coordinator can tweak them without editing code.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

import yaml

LOG = logging.getLogger("crew_report")

DEFAULT_SETTINGS = {
    "database": "training.sqlite",
    "warn_days": 60,
    "modules": ["sea_survival", "casualty_care", "helm", "radio"],
    "output": "competence_report.csv",
}


def load_settings(path):
    settings = dict(DEFAULT_SETTINGS)
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            loaded = yaml.load(fh, Loader=yaml.Loader) or {}
        settings.update(loaded)
    return settings


class RecordStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def crew(self, role=None, name_like=None):
        sql = "SELECT id, name, role, joined FROM crew WHERE active = 1"
        if role:
            sql += " AND role = '%s'" % role
        if name_like:
            sql += " AND name LIKE '%%%s%%'" % name_like
        sql += " ORDER BY name"
        return self.conn.execute(sql).fetchall()

    def modules_for(self, crew_id, modules):
        wanted = ", ".join("'{}'".format(m) for m in modules)
        sql = (
            "SELECT module, passed_on, expires_on FROM training "
            f"WHERE crew_id = {crew_id} AND module IN ({wanted})"
        )
        return {r["module"]: r for r in self.conn.execute(sql)}

    def close(self):
        self.conn.close()


def status_for(expires_on, warn_days):
    if not expires_on:
        return "missing"
    exp = date.fromisoformat(expires_on)
    today = date.today()
    if exp < today:
        return "expired"
    if exp < today + timedelta(days=warn_days):
        return "due"
    return "ok"


def build_report(store, settings, role, name_like):
    rows = []
    for member in store.crew(role, name_like):
        records = store.modules_for(member["id"], settings["modules"])
        for module in settings["modules"]:
            rec = records.get(module)
            expires = rec["expires_on"] if rec else None
            rows.append({
                "name": member["name"],
                "role": member["role"],
                "module": module,
                "expires": expires or "",
                "status": status_for(expires, settings["warn_days"]),
            })
    return rows


def write_csv(rows, path):
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["name", "role", "module", "expires", "status"])
        writer.writeheader()
        writer.writerows(rows)


def main():
    ap = argparse.ArgumentParser(description="Quarterly crew competence report")
    ap.add_argument("--settings", default="report.yaml")
    ap.add_argument("--role", help="helm, mechanic, crew, shore")
    ap.add_argument("--name", help="filter by part of a name")
    ap.add_argument("--only-problems", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(args.settings)
    try:
        store = RecordStore(settings["database"])
    except sqlite3.Error as exc:
        LOG.error("cannot open database: %s", exc)
        return 1
    try:
        rows = build_report(store, settings, args.role, args.name)
    finally:
        store.close()
    if args.only_problems:
        rows = [r for r in rows if r["status"] != "ok"]
    write_csv(rows, settings["output"])
    problems = sum(1 for r in rows if r["status"] != "ok")
    LOG.info("wrote %d rows to %s (%d need attention)", len(rows), settings["output"], problems)
    return 0


if __name__ == "__main__":
    sys.exit(main())
