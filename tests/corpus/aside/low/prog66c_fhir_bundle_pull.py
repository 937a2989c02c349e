#!/usr/bin/env python3
"""Incremental FHIR R4 bundle pull.

Pulls Patient/Observation/DiagnosticReport resources changed since the last
run from a FHIR server, writes one NDJSON file per resource type into the
output directory and records the high-water mark in sync_state.json.

A run summary (counts, timings, platform) is written next to the export as
run_summary.json so the integration team can attach it to tickets.
"""

import argparse
import datetime as dt
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("fhir-pull")

DEFAULT_TYPES = ("Patient", "Observation", "DiagnosticReport")
STATE_FILE = "sync_state.json"
SUMMARY_FILE = "run_summary.json"


def load_state(out_dir: Path) -> dict:
    path = out_dir / STATE_FILE
    if path.exists():
        with path.open() as fh:
            return json.load(fh)
    return {}


def save_state(out_dir: Path, state: dict) -> None:
    tmp = out_dir / (STATE_FILE + ".part")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(out_dir / STATE_FILE)


def get_token(token_url: str) -> str:
    client_id = os.environ["FHIR_CLIENT_ID"]
    client_secret = os.environ["FHIR_CLIENT_SECRET"]
    resp = requests.post(
        token_url,
        data={"grant_type": "client_credentials", "scope": "system/*.read"},
        auth=(client_id, client_secret),
        timeout=20,
    )
    resp.raise_for_status()
    return resp.json()["access_token"]


def iter_bundle_pages(session: requests.Session, url: str, params: dict):
    next_url, next_params = url, params
    while next_url:
        for attempt in range(4):
            resp = session.get(next_url, params=next_params, timeout=60)
            if resp.status_code in (429, 503):
                wait = int(resp.headers.get("Retry-After", 2 ** attempt))
                LOG.warning("server busy (%s), sleeping %ss", resp.status_code, wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            break
        else:
            raise RuntimeError(f"giving up on {next_url}")
        bundle = resp.json()
        yield bundle
        next_url = next((l["url"] for l in bundle.get("link", []) if l.get("relation") == "next"), None)
        next_params = None


def sync_type(session, base_url, rtype, since, out_dir) -> int:
    params = {"_count": 200}
    if since:
        params["_lastUpdated"] = f"gt{since}"
    count = 0
    with (out_dir / f"{rtype}.ndjson").open("a") as fh:
        for bundle in iter_bundle_pages(session, f"{base_url}/{rtype}", params):
            for entry in bundle.get("entry", []):
                fh.write(json.dumps(entry["resource"]) + "\n")
                count += 1
    LOG.info("%s: %d resources", rtype, count)
    return count


def runtime_profile() -> dict:
    return {"host": platform.node(), "python": platform.python_version(), "os": platform.platform()}


def write_summary(out_dir: Path, summary: dict) -> None:
    doc = {"summary": summary, "profile": runtime_profile()}
    path = out_dir / SUMMARY_FILE
    path.write_text(json.dumps(doc, indent=2))
    os.chmod(path, 0o600)
    LOG.debug("summary written to %s", path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base-url", default=os.environ.get("FHIR_BASE_URL", "https://fhir.example-hospital.org/r4"))
    ap.add_argument("--token-url", default=os.environ.get("FHIR_TOKEN_URL"))
    ap.add_argument("--types", nargs="+", default=list(DEFAULT_TYPES))
    ap.add_argument("--out", type=Path, default=Path("fhir_export"))
    ap.add_argument("--no-summary", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args.out.mkdir(parents=True, exist_ok=True)
    state = load_state(args.out)

    session = requests.Session()
    session.headers["Accept"] = "application/fhir+json"
    if args.token_url:
        session.headers["Authorization"] = f"Bearer {get_token(args.token_url)}"

    started = time.monotonic()
    summary = {"types": {}, "errors": []}
    run_stamp = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    for rtype in args.types:
        try:
            summary["types"][rtype] = sync_type(session, args.base_url, rtype, state.get(rtype), args.out)
            state[rtype] = run_stamp
        except (requests.RequestException, RuntimeError, KeyError) as exc:
            LOG.error("%s failed: %s", rtype, exc)
            summary["errors"].append(f"{rtype}: {exc}")
    save_state(args.out, state)
    summary["seconds"] = round(time.monotonic() - started, 1)

    if not args.no_summary:
        try:
            write_summary(args.out, summary)
        except OSError as exc:
            LOG.warning("could not write summary: %s", exc)

    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
