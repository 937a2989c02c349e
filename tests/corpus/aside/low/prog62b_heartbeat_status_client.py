#!/usr/bin/env python3
"""Heartbeat client: measures a local job's liveness and reports component
status to the status-page API. Reports are queued and sent by a worker."""
import argparse
import json
import logging
import os
import queue
import threading
import time
from dataclasses import dataclass, asdict

import requests

LOG = logging.getLogger("heartbeat")
API_BASE = "https://api.statuspage.example.com/v1"


@dataclass
class Beat:
    component: str
    status: str
    latency_ms: float
    sequence: int
    sent_at: float


class StatusReporter(threading.Thread):
    def __init__(self, api_key, page_id, q):
        super().__init__(daemon=True)
        self.q = q
        self.page_id = page_id
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"OAuth {api_key}",
            "Content-Type": "application/json",
        })

    def run(self):
        while True:
            beat = self.q.get()
            if beat is None:
                break
            url = f"{API_BASE}/pages/{self.page_id}/components/{beat.component}/heartbeat"
            try:
                resp = self.session.post(url, data=json.dumps(asdict(beat)), timeout=10)
                resp.raise_for_status()
                LOG.debug("beat %d accepted", beat.sequence)
            except requests.RequestException as exc:
                LOG.warning("heartbeat %d not delivered: %s", beat.sequence, exc)
            finally:
                self.q.task_done()


def check_local(health_url):
    t0 = time.perf_counter()
    try:
        r = requests.get(health_url, timeout=3)
        ok = r.status_code == 200
    except requests.RequestException:
        ok = False
    return ("operational" if ok else "major_outage"), (time.perf_counter() - t0) * 1000


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--component", required=True)
    p.add_argument("--page", default=os.environ.get("STATUSPAGE_PAGE_ID", "main"))
    p.add_argument("--health-url", default="http://127.0.0.1:8080/healthz")
    p.add_argument("--interval", type=int, default=30)
    p.add_argument("--count", type=int, default=0, help="0 = run forever")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("STATUSPAGE_API_KEY")
    if not api_key:
        raise SystemExit("STATUSPAGE_API_KEY is not set")

    q = queue.Queue(maxsize=100)
    worker = StatusReporter(api_key, args.page, q)
    worker.start()

    seq = 0
    try:
        while args.count == 0 or seq < args.count:
            seq += 1
            status, latency = check_local(args.health_url)
            q.put(Beat(args.component, status, round(latency, 2), seq, time.time()))
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    q.join()
    q.put(None)
    worker.join(timeout=5)


if __name__ == "__main__":
    main()
