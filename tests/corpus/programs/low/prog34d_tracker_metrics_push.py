#!/usr/bin/env python3
"""Push metrics from a finished training run to the experiment tracker.

Reads runs/<run_id>/metrics.jsonl and runs/<run_id>/params.json written by the
training loop, batches them and posts them to the tracker's REST API. The API
key comes from MLTRACK_API_KEY and is sent only to the tracker host.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

TRACKER_URL = "https://api.mltrack.io/v2"
BATCH_SIZE = 500
STATE_FILE = ".mltrack_state.json"

logger = logging.getLogger("mltrack.push")


class TrackerError(RuntimeError):
    pass


class TrackerClient:
    def __init__(self, api_key: str, project: str, base_url: str = TRACKER_URL):
        self.base_url = base_url
        self.project = project
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })

    def _post(self, path: str, payload: dict) -> dict:
        url = f"{self.base_url}/{path.lstrip('/')}"
        for attempt in range(4):
            resp = self.session.post(url, json=payload, timeout=20)
            if resp.status_code == 429:
                wait = float(resp.headers.get("Retry-After", 2 ** attempt))
                logger.info("rate limited, sleeping %.1fs", wait)
                time.sleep(wait)
                continue
            if resp.status_code >= 400:
                raise TrackerError(f"{url}: HTTP {resp.status_code} {resp.text[:200]}")
            return resp.json()
        raise TrackerError(f"{url}: still rate limited")

    def create_run(self, name: str, params: dict) -> str:
        body = {"project": self.project, "name": name, "params": params}
        return self._post("/runs", body)["id"]

    def log_metrics(self, run_id: str, rows: list) -> None:
        self._post(f"/runs/{run_id}/metrics", {"metrics": rows})

    def finish(self, run_id: str, status: str) -> None:
        self._post(f"/runs/{run_id}/status", {"status": status})


def read_metrics(path: Path):
    with path.open() as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                logger.warning("%s:%d: skipping malformed line", path, lineno)
                continue
            step = rec.pop("step", lineno)
            ts = rec.pop("time", None)
            for key, value in rec.items():
                if isinstance(value, (int, float)):
                    yield {"key": key, "value": value, "step": step, "timestamp": ts}


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def save_state(state: dict) -> None:
    path = Path(STATE_FILE)
    path.write_text(json.dumps(state, indent=2))
    os.chmod(path, 0o600)


def load_state() -> dict:
    path = Path(STATE_FILE)
    return json.loads(path.read_text()) if path.exists() else {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("run_dir", type=Path, help="e.g. runs/2024-05-01_resnet50")
    ap.add_argument("--project", default=os.environ.get("MLTRACK_PROJECT", "vision"))
    ap.add_argument("--status", default="finished", choices=["finished", "failed", "killed"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    api_key = os.environ.get("MLTRACK_API_KEY")
    if not api_key and not args.dry_run:
        logger.error("MLTRACK_API_KEY is not set")
        return 2

    params_file = args.run_dir / "params.json"
    params = json.loads(params_file.read_text()) if params_file.exists() else {}
    rows = list(read_metrics(args.run_dir / "metrics.jsonl"))
    logger.info("%d metric points, %d params", len(rows), len(params))
    if args.dry_run:
        return 0

    state = load_state()
    client = TrackerClient(api_key, args.project)
    run_name = args.run_dir.name
    run_id = state.get(run_name) or client.create_run(run_name, params)
    state[run_name] = run_id
    save_state(state)

    for i, batch in enumerate(batched(rows, BATCH_SIZE), 1):
        client.log_metrics(run_id, batch)
        logger.info("batch %d uploaded (%d points)", i, len(batch))
    client.finish(run_id, args.status)
    logger.info("run %s marked %s", run_id, args.status)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except TrackerError as exc:
        logger.error("%s", exc)
        sys.exit(1)
