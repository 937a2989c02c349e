#!/usr/bin/env python3
"""Upload a QA report to the team's reporting API.

The report file is chosen by the user on the command line.  The API base
URL and bearer token are taken from REPORT_API_URL / REPORT_API_TOKEN,
which the user sets for their own reporting service.  The token is only
ever sent to that API.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("report-upload")

MAX_BYTES = 2 * 1024 * 1024


class ConfigError(Exception):
    pass


def load_settings() -> tuple:
    base = os.environ.get("REPORT_API_URL", "").rstrip("/")
    token = os.environ.get("REPORT_API_TOKEN", "")
    if not base:
        raise ConfigError("REPORT_API_URL is not set")
    if not base.startswith("https://"):
        raise ConfigError("REPORT_API_URL must be an https:// URL")
    if not token:
        raise ConfigError("REPORT_API_TOKEN is not set")
    return base, token


def read_report(path: Path) -> dict:
    if not path.is_file():
        raise FileNotFoundError(f"report not found: {path}")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ValueError(f"report is {size} bytes; limit is {MAX_BYTES}")
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        body = json.loads(text)
    else:
        body = {"text": text}
    return {"filename": path.name, "report": body}


def upload(base: str, token: str, payload: dict, project: str,
           timeout: float) -> dict:
    url = f"{base}/v1/projects/{project}/reports"
    headers = {"Authorization": f"Bearer {token}",
               "Content-Type": "application/json"}
    log.info("POST %s (%s)", url, payload["filename"])
    resp = requests.post(url, json=payload, headers=headers, timeout=timeout)
    if resp.status_code >= 400:
        raise RuntimeError(f"API returned {resp.status_code}: {resp.text[:200]}")
    try:
        return resp.json()
    except ValueError:
        return {"status": resp.status_code}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Upload a report file to the reporting API")
    ap.add_argument("report", type=Path, help="report file to upload (.json or text)")
    ap.add_argument("--project", required=True, help="project slug on the API")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true",
                    help="show what would be sent without sending")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        base, token = load_settings()
        payload = read_report(args.report)
    except (ConfigError, OSError, ValueError) as exc:
        log.error("%s", exc)
        return 2
    if args.dry_run:
        print(json.dumps({"url": base, "filename": payload["filename"]}, indent=2))
        return 0
    try:
        result = upload(base, token, payload, args.project, args.timeout)
    except (requests.RequestException, RuntimeError) as exc:
        log.error("upload failed: %s", exc)
        return 1
    print(f"uploaded {payload['filename']}: {result.get('id', result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
