#!/usr/bin/env python3
"""Load the cell-site inventory YAML into a local SQLite database.

The planning team exports the site inventory as YAML (with custom tags from
their planning tool). This tool loads it into sites.db in the working
directory and prints a per-region summary using the sqlite3 CLI.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("inventory")
DB_PATH = Path("sites.db")

SUMMARY_SCRIPT = """#!/bin/bash
set -eu
sqlite3 -header -column "$DB_FILE" "$SUMMARY_SQL"
"""


def load_yaml(path):
    with open(path) as handle:
        # the planning tool emits python-specific tags, so use the full loader
        return yaml.load(handle, Loader=yaml.Loader)


def create_schema(conn):
    conn.execute(
        "CREATE TABLE IF NOT EXISTS sites ("
        " site_id TEXT PRIMARY KEY, region TEXT, lat REAL, lon REAL,"
        " technology TEXT, sectors INTEGER, status TEXT)"
    )


def upsert_site(conn, site):
    sql = (
        "INSERT OR REPLACE INTO sites VALUES ("
        f"'{site['site_id']}', '{site.get('region', 'unknown')}', "
        f"{float(site.get('lat', 0))}, {float(site.get('lon', 0))}, "
        f"'{site.get('technology', 'LTE')}', {int(site.get('sectors', 3))}, "
        f"'{site.get('status', 'planned')}')"
    )
    conn.execute(sql)


def region_summary_sql(region):
    where = f"WHERE region = '{region}'" if region else ""
    return (
        "SELECT region, technology, COUNT(*) AS sites, SUM(sectors) AS sectors "
        f"FROM sites {where} GROUP BY region, technology ORDER BY region"
    )


def print_summary(region):
    script = Path("summary.sh")
    script.write_text(SUMMARY_SCRIPT)
    env = dict(os.environ, DB_FILE=str(DB_PATH), SUMMARY_SQL=region_summary_sql(region))
    try:
        proc = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.error("sqlite3 failed: %s", proc.stderr.strip())
        else:
            print(proc.stdout)
        return proc.returncode
    finally:
        script.unlink(missing_ok=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("inventory", help="site inventory YAML export")
    parser.add_argument("--region", help="limit summary to one region")
    parser.add_argument("--reset", action="store_true", help="drop existing database")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.reset and DB_PATH.exists():
        DB_PATH.unlink()
        LOG.info("removed old %s", DB_PATH)

    try:
        data = load_yaml(args.inventory)
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("cannot load inventory: %s", exc)
        return 1

    sites = data.get("sites", []) if isinstance(data, dict) else []
    conn = sqlite3.connect(DB_PATH)
    create_schema(conn)
    loaded = skipped = 0
    for site in sites:
        if not isinstance(site, dict) or "site_id" not in site:
            skipped += 1
            continue
        try:
            upsert_site(conn, site)
            loaded += 1
        except (sqlite3.Error, ValueError, TypeError) as exc:
            LOG.warning("site %s skipped: %s", site.get("site_id"), exc)
            skipped += 1
    conn.commit()
    conn.close()
    LOG.info("loaded %d sites, skipped %d", loaded, skipped)
    return print_summary(args.region)


if __name__ == "__main__":
    sys.exit(main())
