#!/usr/bin/env python3
"""Clean survey responses and push them to the LabelHub annotation API.

Reads responses.csv, normalises free-text answers, drops duplicates and
uploads the cleaned records in batches. The API key is taken from the
LABELHUB_API_KEY environment variable.
"""
import argparse
import csv
import logging
import os
import re
import sys
import time
import unicodedata
from pathlib import Path

import httpx

API_BASE = "https://api.labelhub.io/v2"
log = logging.getLogger("survey_clean")
WS = re.compile(r"\s+")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text or "")
    text = EMAIL.sub("[email]", text)
    return WS.sub(" ", text).strip()


def clean_rows(path: Path):
    seen = set()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            answer = normalise(row.get("answer", ""))
            if len(answer) < 3:
                continue
            key = (row.get("respondent_id"), answer.lower())
            if key in seen:
                continue
            seen.add(key)
            yield {"external_id": row.get("respondent_id"), "text": answer,
                   "meta": {"wave": row.get("wave", "1")}}


class LabelHubClient:
    def __init__(self, project: str, api_key: str, timeout: float = 20.0):
        self.project = project
        self.http = httpx.Client(
            base_url=API_BASE,
            headers={"Authorization": f"Bearer {api_key}"},
            timeout=timeout,
        )

    def upload(self, records: list, retries: int = 3) -> int:
        url = f"/projects/{self.project}/records:batchCreate"
        for attempt in range(1, retries + 1):
            resp = self.http.post(url, json={"records": records})
            if resp.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            resp.raise_for_status()
            return len(resp.json().get("created", []))
        raise RuntimeError("rate limited too many times")

    def close(self) -> None:
        self.http.close()


def batched(items: list, size: int):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path, nargs="?", default=Path("responses.csv"))
    ap.add_argument("--project", required=True)
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    records = list(clean_rows(args.csv))
    log.info("%d clean records", len(records))
    if args.dry_run:
        return 0

    api_key = os.environ.get("LABELHUB_API_KEY")
    if not api_key:
        log.error("LABELHUB_API_KEY is not set")
        return 2
    client = LabelHubClient(args.project, api_key)
    created = 0
    try:
        for chunk in batched(records, args.batch_size):
            created += client.upload(chunk)
    except (httpx.HTTPError, RuntimeError) as exc:
        log.error("upload failed after %d records: %s", created, exc)
        return 1
    finally:
        client.close()
    log.info("uploaded %d records to project %s", created, args.project)
    return 0


if __name__ == "__main__":
    sys.exit(main())
