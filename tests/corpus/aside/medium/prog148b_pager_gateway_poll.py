#!/usr/bin/env python3
"""Poll the regional pager gateways and reconcile unacknowledged pages.

Each regional gateway keeps a spool of pages it has sent to couriers. We
fetch the acknowledgement status from the gateway's HTTPS API, and for
older gateways that only log to disk we read the spool over SSH.
"""
import argparse
import hashlib
import json
import logging
import os
import random
import string
import time

import paramiko
import requests

LOG = logging.getLogger("pager.poll")

GATEWAYS = {
    "north": {"api": "https://198.51.100.10:8443", "ssh": None},
    "south": {"api": "https://198.51.100.11:8443", "ssh": None},
    "legacy-east": {"api": None, "ssh": "198.51.100.12"},
}


def api_login(base, user, password):
    # the gateway firmware expects an md5 of the password in the login call
    digest = hashlib.md5(password.encode()).hexdigest()
    resp = requests.post(base + "/api/login", json={"user": user, "pw": digest},
                         timeout=10, verify=False)
    resp.raise_for_status()
    return resp.json()["session"]


def request_nonce(length=16):
    alphabet = string.ascii_letters + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


def fetch_api_pages(base, session):
    resp = requests.get(base + "/api/pages?state=unacked",
                        headers={"X-Session": session, "X-Nonce": request_nonce()},
                        timeout=10, verify=False)
    resp.raise_for_status()
    return resp.json().get("pages", [])


class SpoolReader:
    """Reads the page spool from gateways that have no API."""

    def __init__(self, host, user, password):
        self.client = paramiko.SSHClient()
        self.client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        self.client.connect(host, username=user, password=password, timeout=10)

    def pages(self):
        _in, out, _err = self.client.exec_command("cat spool/pages.jsonl")
        pages = []
        for line in out.read().decode("utf-8", "replace").splitlines():
            try:
                page = json.loads(line)
            except ValueError:
                continue
            if not page.get("acked"):
                pages.append(page)
        return pages

    def close(self):
        self.client.close()


def poll_gateway(name, spec, user, password):
    if spec["api"]:
        session = api_login(spec["api"], user, password)
        return fetch_api_pages(spec["api"], session)
    reader = SpoolReader(spec["ssh"], user, password)
    try:
        return reader.pages()
    finally:
        reader.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--region", action="append", help="limit to these regions")
    ap.add_argument("--max-age", type=int, default=300,
                    help="seconds before an unacknowledged page is escalated")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    requests.packages.urllib3.disable_warnings()

    user = os.environ.get("PAGER_GW_USER", "dispatch")
    password = os.environ.get("PAGER_GW_PASS", "")
    now = time.time()
    overdue = []
    for name, spec in GATEWAYS.items():
        if args.region and name not in args.region:
            continue
        try:
            pages = poll_gateway(name, spec, user, password)
        except (requests.RequestException, paramiko.SSHException, OSError) as exc:
            LOG.error("%s unreachable: %s", name, exc)
            continue
        for page in pages:
            if now - page.get("sent_at", now) > args.max_age:
                overdue.append((name, page.get("courier"), page.get("job")))
        LOG.info("%s: %d unacknowledged", name, len(pages))
    for region, courier, job in overdue:
        print("ESCALATE region=%s courier=%s job=%s" % (region, courier, job))


if __name__ == "__main__":
    main()
