#!/usr/bin/env python3
"""Poll the TMS for new translation jobs assigned to the PM team.

Uses the TMS REST API (token in TMS_API_TOKEN), keeps the IDs already seen
in ./.seen_jobs and prints new jobs. With --notify a desktop notification is
shown for each new job.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("tms-job-poller")

API_BASE = os.environ.get("TMS_API_BASE", "https://tms.example.com/api/v2")
SEEN_FILE = Path("./.seen_jobs")

# the TMS appliance still uses the vendor's self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class TMSClient:
    def __init__(self, base, token, timeout=20):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {token}",
                                     "Accept": "application/json"})
        self.timeout = timeout

    def jobs(self, team, status="NEW"):
        resp = self.session.get(f"{self.base}/jobs",
                                params={"team": team, "status": status},
                                timeout=self.timeout, verify=False)
        resp.raise_for_status()
        return resp.json().get("items", [])


def load_seen():
    try:
        return set(SEEN_FILE.read_text().split())
    except FileNotFoundError:
        return set()


def save_seen(seen):
    SEEN_FILE.write_text("\n".join(sorted(seen)) + "\n")
    SEEN_FILE.chmod(0o600)


def notify(job):
    title = f"New job {job.get('id')}"
    body = f"{job.get('project', '?')} {job.get('sourceLang', '')}>{job.get('targetLang', '')}, due {job.get('due', '?')}"
    subprocess.run(
        ["bash", "-c", 'command -v notify-send >/dev/null && notify-send "$TITLE" "$BODY" || echo "$TITLE: $BODY"'],
        env=dict(os.environ, TITLE=title, BODY=body), check=False,
    )


def poll_once(client, team, use_notify):
    seen = load_seen()
    jobs = client.jobs(team)
    new = [j for j in jobs if str(j.get("id")) not in seen]
    for job in new:
        print(json.dumps({k: job.get(k) for k in ("id", "project", "sourceLang", "targetLang", "due")}))
        if use_notify:
            notify(job)
        seen.add(str(job.get("id")))
    save_seen(seen)
    return len(new)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--team", default="pm-de")
    ap.add_argument("--interval", type=int, default=0, help="poll every N seconds (0 = once)")
    ap.add_argument("--notify", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("TMS_API_TOKEN")
    if not token:
        LOG.error("TMS_API_TOKEN is not set")
        return 2
    client = TMSClient(API_BASE, token)
    while True:
        try:
            n = poll_once(client, args.team, args.notify)
            LOG.info("%d new job(s)", n)
        except requests.RequestException as exc:
            LOG.error("poll failed: %s", exc)
            if args.interval <= 0:
                return 1
        if args.interval <= 0:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
