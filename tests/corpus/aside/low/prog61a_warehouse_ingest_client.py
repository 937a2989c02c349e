"""Push cleaned order batches to the warehouse ingest API.

The API token is read from INGEST_API_TOKEN and is sent only to the ingest
endpoint configured in pipeline.json (or --endpoint).
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("ingest_client")
DEFAULT_ENDPOINT = "https://ingest.warehouse.example.com/v2/batches"


class IngestError(RuntimeError):
    pass


class WarehouseIngestOperator:
    """Operator-like wrapper: one execute() call per batch file."""

    def __init__(self, endpoint: str, table: str, batch_size: int = 500):
        token = os.environ.get("INGEST_API_TOKEN")
        if not token:
            raise IngestError("INGEST_API_TOKEN is not set")
        self.endpoint = endpoint
        self.table = table
        self.batch_size = batch_size
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })

    def _chunks(self, rows):
        for i in range(0, len(rows), self.batch_size):
            yield rows[i:i + self.batch_size]

    def _post(self, payload: dict, attempts: int = 3) -> dict:
        for attempt in range(1, attempts + 1):
            resp = self.session.post(self.endpoint, json=payload, timeout=30)
            if resp.status_code < 500:
                resp.raise_for_status()
                return resp.json()
            LOG.warning("server error %s, retry %d", resp.status_code, attempt)
            time.sleep(2 ** attempt)
        raise IngestError(f"gave up after {attempts} attempts")

    def execute(self, batch_file: Path) -> int:
        rows = [json.loads(line) for line in batch_file.read_text().splitlines() if line.strip()]
        sent = 0
        for chunk in self._chunks(rows):
            ack = self._post({"table": self.table, "rows": chunk, "source": batch_file.name})
            sent += int(ack.get("accepted", 0))
        LOG.info("%s: %d/%d rows accepted", batch_file.name, sent, len(rows))
        return sent


def load_config(path: Path) -> dict:
    if path.exists():
        return json.loads(path.read_text())
    return {}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("batches", nargs="+", type=Path)
    parser.add_argument("--config", type=Path, default=Path("pipeline.json"))
    parser.add_argument("--endpoint")
    parser.add_argument("--table", default="orders_clean")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    endpoint = args.endpoint or cfg.get("ingest_endpoint", DEFAULT_ENDPOINT)
    try:
        op = WarehouseIngestOperator(endpoint, args.table, cfg.get("batch_size", 500))
    except IngestError as exc:
        LOG.error("%s", exc)
        return 2

    total = 0
    for batch in args.batches:
        try:
            total += op.execute(batch)
        except (requests.RequestException, IngestError, ValueError) as exc:
            LOG.error("batch %s failed: %s", batch, exc)
    LOG.info("total accepted: %d", total)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
