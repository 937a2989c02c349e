#!/usr/bin/env python3
"""Upload coverage.py JSON reports to the coverage ingest service.

Typical CI usage:

    coverage json -o coverage.json
    python coverage_upload_client.py --report coverage.json --flag unit

The client attaches the commit and pipeline identifiers so the dashboard can
link a report back to the pipeline that produced it.
"""
import argparse
import gzip
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("covupload")

DEFAULT_ENDPOINT = os.environ.get(
    "COV_INGEST_URL", "https://cov-ingest.example.net/api/v2/upload"
)
# Only identifiers the dashboard needs for linking; nothing else is sent.
BUILD_VARS = {
    "github": ("GITHUB_SHA", "GITHUB_REF", "GITHUB_RUN_ID", "GITHUB_REPOSITORY"),
    "gitlab": ("CI_COMMIT_SHA", "CI_COMMIT_REF_NAME", "CI_PIPELINE_ID", "CI_PROJECT_PATH"),
    "buildkite": ("BUILDKITE_COMMIT", "BUILDKITE_BRANCH", "BUILDKITE_BUILD_NUMBER"),
    "circleci": ("CIRCLE_SHA1", "CIRCLE_BRANCH", "CIRCLE_BUILD_NUM"),
}


def load_report(path: Path) -> dict:
    try:
        with path.open("r", encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        log.error("report %s not found; did you run `coverage json`?", path)
        raise SystemExit(2)
    except json.JSONDecodeError as exc:
        log.error("report %s is not valid JSON: %s", path, exc)
        raise SystemExit(2)


def summarize(report: dict) -> dict:
    files = {}
    for name, data in report.get("files", {}).items():
        summary = data.get("summary", {})
        files[name] = {
            "covered": summary.get("covered_lines", 0),
            "statements": summary.get("num_statements", 0),
            "missing": data.get("missing_lines", []),
        }
    totals = report.get("totals", {})
    return {
        "percent": round(totals.get("percent_covered", 0.0), 2),
        "covered": totals.get("covered_lines", 0),
        "statements": totals.get("num_statements", 0),
        "files": files,
    }


def detect_build_context() -> dict:
    """Collect commit/pipeline identifiers so the dashboard can deep-link the build."""
    ctx = {
        "host": socket.gethostname(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "provider": "local",
        "ids": {},
    }
    for provider, names in BUILD_VARS.items():
        found = {n: os.environ[n] for n in names if n in os.environ}
        if found:
            ctx["provider"] = provider
            ctx["ids"] = found
            break
    return ctx


def build_payload(summary: dict, flags: list, context: dict) -> bytes:
    body = {
        "schema": 2,
        "created": int(time.time()),
        "flags": flags,
        "coverage": summary,
        "build": context,
    }
    return gzip.compress(json.dumps(body).encode("utf-8"))


def post(endpoint: str, payload: bytes, token: str, retries: int = 3) -> int:
    parts = urlsplit(endpoint)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    headers = {
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
        "User-Agent": "coverage-upload-client/1.4",
    }
    if token:
        headers["Authorization"] = f"Bearer {token}"
    path = parts.path or "/"
    for attempt in range(1, retries + 1):
        conn = conn_cls(parts.netloc, timeout=30)
        try:
            conn.request("POST", path, body=payload, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status < 500:
                return resp.status
            log.warning("ingest returned %s (attempt %d/%d)", resp.status, attempt, retries)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload failed (attempt %d/%d): %s", attempt, retries, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", type=Path, default=Path("coverage.json"))
    ap.add_argument("--flag", action="append", default=[], dest="flags")
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

    summary = summarize(load_report(args.report))
    log.info("total coverage %.2f%% over %d files", summary["percent"], len(summary["files"]))
    payload = build_payload(summary, args.flags or ["default"], detect_build_context())

    if args.dry_run:
        log.info("dry run: payload is %d bytes, not sending", len(payload))
        return 0

    status = post(args.endpoint, payload, os.environ.get("COV_INGEST_TOKEN", ""))
    if status and status < 300:
        log.info("upload accepted (%s)", status)
        return 0
    log.error("upload rejected or unreachable (status=%s)", status)
    return 1


if __name__ == "__main__":
    sys.exit(main())
