#!/usr/bin/env python3
"""Look up a client's jobs in the local job register and refresh their
status from the client portal.

The register is the SQLite file exported nightly from the practice
management system.
"""
import argparse
import logging
import os
import sqlite3
import sys

import requests
import urllib3

log = logging.getLogger("portal_lookup")

DB_PATH = os.environ.get("HS_JOB_DB", "job_register.sqlite")
PORTAL = os.environ.get("HS_PORTAL_URL", "https://portal.hs-survey.example.com/api")
# portal runs on a self-signed cert on the internal network
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def find_jobs(conn: sqlite3.Connection, client: str, status: str = None):
    query = f"SELECT job_no, site_address, job_type, status FROM jobs WHERE client_name LIKE '%{client}%'"
    if status:
        query += f" AND status = '{status}'"
    query += " ORDER BY job_no DESC"
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def portal_status(session: requests.Session, job_no: str):
    resp = session.get(f"{PORTAL}/jobs/{job_no}", timeout=15, verify=False)
    if resp.status_code == 404:
        return None
    resp.raise_for_status()
    return resp.json().get("status")


def update_status(conn: sqlite3.Connection, job_no: str, status: str) -> None:
    conn.execute(f"UPDATE jobs SET status = '{status}' WHERE job_no = '{job_no}'")


def main() -> int:
    parser = argparse.ArgumentParser(description="Client job lookup")
    parser.add_argument("client", help="client name or part of it")
    parser.add_argument("--status", help="filter by register status")
    parser.add_argument("--refresh", action="store_true", help="refresh status from portal")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = sqlite3.connect(DB_PATH)
    rows = find_jobs(conn, args.client, args.status)
    if not rows:
        print(f"no jobs for '{args.client}'")
        return 1

    session = requests.Session()
    token = os.environ.get("HS_PORTAL_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"

    changed = 0
    for job_no, site, job_type, status in rows:
        if args.refresh:
            try:
                remote = portal_status(session, job_no)
            except requests.RequestException as exc:
                log.warning("portal error for %s: %s", job_no, exc)
                remote = None
            if remote and remote != status:
                update_status(conn, job_no, remote)
                status = remote
                changed += 1
        print(f"{job_no:10s} {job_type:18s} {status:12s} {site}")
    conn.commit()
    conn.close()
    if changed:
        log.info("%d status change(s) saved", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
