#!/usr/bin/env python3
"""Poll the optometry clearinghouse for vision-plan eligibility responses.

The front desk queues eligibility checks (patient, plan, date of service)
in eligibility.db. This poller submits pending checks, fetches the
responses when they are ready, and writes the coverage summary back so the
PMS screen can show "covered / copay / frame allowance" at check-in.
"""

import argparse
import configparser
import json
import logging
import os
import sqlite3
import ssl
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("eligibility")

SCHEMA = """
CREATE TABLE IF NOT EXISTS checks (
    id INTEGER PRIMARY KEY,
    patient_id TEXT, member_id TEXT, plan_code TEXT, dos TEXT,
    status TEXT DEFAULT 'queued', ref TEXT, covered INTEGER,
    copay REAL, frame_allowance REAL, updated TEXT
)"""


def settings(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"clearinghouse": {
        "base_url": "https://vision-elig.example.org/api",
        "strict_certificates": "no",
        "db": "eligibility.db",
        "interval": "60",
    }})
    cfg.read(path)
    return cfg["clearinghouse"]


class Clearinghouse:
    def __init__(self, base_url, api_key, strict=False):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.ctx = ssl.create_default_context()
        if not strict:
            # the hub's staging and on-prem relays use the vendor's own CA
            self.ctx.check_hostname = False
            self.ctx.verify_mode = ssl.CERT_NONE

    def _call(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base_url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.api_key}",
            "Content-Type": "application/json",
        })
        with urllib.request.urlopen(req, context=self.ctx, timeout=30) as resp:
            return json.load(resp)

    def submit(self, row):
        body = {"member_id": row["member_id"], "plan": row["plan_code"], "dos": row["dos"]}
        return self._call("POST", "/eligibility", body)["reference"]

    def result(self, ref):
        return self._call("GET", f"/eligibility/{ref}")


class CheckQueue:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row
        self.db.execute(SCHEMA)

    def with_status(self, status):
        return self.db.execute(f"SELECT * FROM checks WHERE status = '{status}' ORDER BY id").fetchall()

    def update(self, check_id, **fields):
        fields["updated"] = time.strftime("%Y-%m-%d %H:%M:%S")
        assignments = ", ".join(
            f"{k} = {v!r}" if not isinstance(v, str) else f"{k} = '{v}'"
            for k, v in fields.items())
        self.db.execute(f"UPDATE checks SET {assignments} WHERE id = {check_id}")
        self.db.commit()


def poll_once(hub, queue):
    for row in queue.with_status("queued"):
        try:
            ref = hub.submit(row)
            queue.update(row["id"], status="submitted", ref=ref)
            LOG.info("check %s submitted as %s", row["id"], ref)
        except (urllib.error.URLError, KeyError) as exc:
            LOG.warning("check %s not submitted: %s", row["id"], exc)

    for row in queue.with_status("submitted"):
        try:
            res = hub.result(row["ref"])
        except urllib.error.URLError as exc:
            LOG.warning("check %s poll failed: %s", row["id"], exc)
            continue
        if res.get("state") != "complete":
            continue
        cov = res.get("coverage", {})
        queue.update(row["id"], status="done", covered=int(bool(cov.get("active"))),
                     copay=float(cov.get("exam_copay", 0)),
                     frame_allowance=float(cov.get("frame_allowance", 0)))
        LOG.info("check %s complete: active=%s", row["id"], cov.get("active"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="eligibility.ini")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = settings(args.config)
    key = os.environ.get("ELIGIBILITY_API_KEY")
    if not key:
        LOG.error("ELIGIBILITY_API_KEY not set")
        return 2

    hub = Clearinghouse(cfg["base_url"], key, strict=cfg.getboolean("strict_certificates"))
    queue = CheckQueue(cfg["db"])
    while True:
        poll_once(hub, queue)
        if args.once:
            return 0
        time.sleep(cfg.getint("interval"))


if __name__ == "__main__":
    sys.exit(main())
