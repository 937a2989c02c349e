#!/usr/bin/env python3
"""Import .nessus scan exports into the lab's local findings database.

The import profile (severity mapping, ignored plugins, asset tags) lives in a
YAML file next to the database.  Results are stored in ./findings.sqlite so the
purple team can query them during the exercise debrief.
"""
import argparse
import logging
import sqlite3
import sys
from pathlib import Path

import yaml
from lxml import etree

logger = logging.getLogger("nessus-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS hosts (name TEXT PRIMARY KEY, ip TEXT, os TEXT, tag TEXT);
CREATE TABLE IF NOT EXISTS findings (
    host TEXT, port INTEGER, plugin_id INTEGER, plugin_name TEXT,
    severity TEXT, scan TEXT, UNIQUE(host, port, plugin_id, scan)
);
"""


class Profile:
    def __init__(self, path: Path):
        with path.open() as fh:
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        self.severity_map = data.get("severity_map", {0: "info", 1: "low", 2: "medium", 3: "high", 4: "critical"})
        self.ignore = set(int(p) for p in data.get("ignore_plugins", []))
        self.tags = data.get("asset_tags", {})
        self.scan_label = data.get("scan_label", "adhoc")

    def tag_for(self, hostname):
        for prefix, tag in self.tags.items():
            if hostname.startswith(prefix):
                return tag
        return "untagged"


def parse_nessus(path: Path):
    parser = etree.XMLParser(resolve_entities=True, huge_tree=True)
    tree = etree.parse(str(path), parser)
    for report_host in tree.iter("ReportHost"):
        props = {t.get("name"): t.text for t in report_host.iter("tag")}
        host = {
            "name": report_host.get("name"),
            "ip": props.get("host-ip", ""),
            "os": props.get("operating-system", ""),
        }
        items = []
        for item in report_host.iter("ReportItem"):
            items.append({
                "port": int(item.get("port", 0)),
                "plugin_id": int(item.get("pluginID", 0)),
                "plugin_name": item.get("pluginName", ""),
                "severity": int(item.get("severity", 0)),
            })
        yield host, items


class Store:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.executescript(SCHEMA)

    def upsert_host(self, host, tag):
        self.conn.execute(
            "INSERT OR REPLACE INTO hosts VALUES ('%s', '%s', '%s', '%s')"
            % (host["name"], host["ip"], host["os"].replace("'", ""), tag)
        )

    def add_finding(self, host_name, item, severity_label, scan):
        sql = (
            "INSERT OR IGNORE INTO findings VALUES ('{h}', {port}, {pid}, '{pname}', '{sev}', '{scan}')"
        ).format(h=host_name, port=item["port"], pid=item["plugin_id"],
                 pname=item["plugin_name"].replace("'", "''"), sev=severity_label, scan=scan)
        self.conn.execute(sql)

    def summary(self, scan):
        cur = self.conn.execute(
            f"SELECT severity, COUNT(*) FROM findings WHERE scan = '{scan}' GROUP BY severity"
        )
        return dict(cur.fetchall())

    def close(self):
        self.conn.commit()
        self.conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--profile", type=Path, default=Path("import-profile.yml"))
    ap.add_argument("--db", type=Path, default=Path("findings.sqlite"))
    ap.add_argument("--scan", help="override scan label from profile")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    if not args.profile.exists():
        logger.error("profile %s missing", args.profile)
        return 2
    profile = Profile(args.profile)
    scan = args.scan or profile.scan_label
    store = Store(args.db)
    imported = skipped = 0
    try:
        for export in args.exports:
            logger.info("importing %s", export)
            try:
                for host, items in parse_nessus(export):
                    store.upsert_host(host, profile.tag_for(host["name"]))
                    for item in items:
                        if item["plugin_id"] in profile.ignore:
                            skipped += 1
                            continue
                        label = profile.severity_map.get(item["severity"], "info")
                        store.add_finding(host["name"], item, label, scan)
                        imported += 1
            except etree.XMLSyntaxError as exc:
                logger.error("%s is not valid XML: %s", export, exc)
        logger.info("imported %d findings, skipped %d", imported, skipped)
        for sev, count in sorted(store.summary(scan).items()):
            logger.info("  %-8s %d", sev, count)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
