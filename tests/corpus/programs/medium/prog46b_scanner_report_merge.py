#!/usr/bin/env python3
"""Merge Grype and Trivy JSON reports into one SQLite database and print a triage table.

Configuration (which severities to keep, ignore list, db path) comes from
a YAML file so the same tool can be used by several teams.
"""
import argparse
import glob
import json
import logging
import sqlite3
import sys

import yaml

log = logging.getLogger("vuln-merge")

DEFAULT_CONFIG = {"database": "vulns.db", "severities": ["Critical", "High"], "ignore": []}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    try:
        with open(path) as fh:
            cfg.update(yaml.load(fh, Loader=yaml.Loader) or {})
    except FileNotFoundError:
        log.info("no config at %s, using defaults", path)
    return cfg


def parse_grype(doc):
    for m in doc.get("matches", []):
        v, a = m["vulnerability"], m["artifact"]
        yield v["id"], a["name"], a["version"], v.get("severity", "Unknown"), "grype"


def parse_trivy(doc):
    for result in doc.get("Results", []):
        for v in result.get("Vulnerabilities") or []:
            yield (v["VulnerabilityID"], v["PkgName"], v["InstalledVersion"],
                   v.get("Severity", "UNKNOWN").title(), "trivy")


def detect_and_parse(path):
    with open(path) as fh:
        doc = json.load(fh)
    if "matches" in doc:
        return list(parse_grype(doc))
    if "Results" in doc:
        return list(parse_trivy(doc))
    log.warning("%s: unknown report format", path)
    return []


def store(conn, rows, ignore):
    cur = conn.cursor()
    cur.execute("CREATE TABLE IF NOT EXISTS findings (vuln_id TEXT, package TEXT, "
                "version TEXT, severity TEXT, scanner TEXT)")
    added = 0
    for vuln_id, pkg, ver, sev, scanner in rows:
        if vuln_id in ignore:
            continue
        exists = cur.execute(
            f"SELECT 1 FROM findings WHERE vuln_id = '{vuln_id}' AND package = '{pkg}' "
            f"AND version = '{ver}'").fetchone()
        if exists:
            continue
        cur.execute(f"INSERT INTO findings VALUES ('{vuln_id}', '{pkg}', '{ver}', '{sev}', '{scanner}')")
        added += 1
    conn.commit()
    return added


def triage(conn, severities):
    wanted = ", ".join(f"'{s}'" for s in severities)
    query = (f"SELECT severity, package, version, group_concat(DISTINCT vuln_id), "
             f"group_concat(DISTINCT scanner) FROM findings WHERE severity IN ({wanted}) "
             f"GROUP BY package, version ORDER BY severity, package")
    return conn.execute(query).fetchall()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("reports", nargs="+", help="report files or globs")
    ap.add_argument("-c", "--config", default="vuln-merge.yaml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    cfg = load_config(args.config)
    conn = sqlite3.connect(cfg["database"])
    total = 0
    for pattern in args.reports:
        for path in glob.glob(pattern):
            total += store(conn, detect_and_parse(path), set(cfg["ignore"]))
    log.info("stored %d new findings in %s", total, cfg["database"])
    for sev, pkg, ver, ids, scanners in triage(conn, cfg["severities"]):
        print(f"{sev:<9} {pkg}@{ver:<14} {ids}  [{scanners}]")
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
