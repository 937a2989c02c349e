#!/usr/bin/env python3
"""Publish approved obituaries from the arrangements export to the memorial CMS.

The arrangement system drops a JSON-lines export every evening.  This tool
normalises each approved record, pushes it to the CMS REST API, and writes a
short run report next to the export so the on-call director can see what
went live overnight.
"""
import argparse
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("obit-publisher")

CMS_BASE = os.environ.get("MEMORIAL_CMS_URL", "https://cms.evergreenmemorial.com/api/v2")


def load_records(path):
    records = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                log.warning("skipping line %d: %s", lineno, exc)
    return records


def normalise(rec):
    name = " ".join(p for p in (rec.get("first"), rec.get("middle"), rec.get("last")) if p)
    return {
        "slug": rec.get("case_id", "").lower(),
        "full_name": name,
        "born": rec.get("dob"),
        "died": rec.get("dod"),
        "body_html": rec.get("obituary_html", ""),
        "service": {
            "venue": rec.get("service_venue"),
            "starts_at": rec.get("service_start"),
            "livestream": rec.get("livestream_url"),
        },
        "photo": rec.get("portrait_url"),
        "status": "published",
    }


class CmsClient:
    def __init__(self, base, api_key, retries=3):
        self.base = base.rstrip("/")
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
        })

    def publish(self, obit):
        url = f"{self.base}/obituaries/{obit['slug']}"
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.put(url, json=obit, timeout=20)
                if resp.status_code < 500:
                    resp.raise_for_status()
                    return resp.json().get("url")
                log.warning("CMS %s on attempt %d", resp.status_code, attempt)
            except requests.ConnectionError as exc:
                log.warning("connection error on attempt %d: %s", attempt, exc)
            time.sleep(2 ** attempt)
        raise RuntimeError(f"could not publish {obit['slug']}")


def write_run_report(export_path, summary):
    report = {
        "job": "obituary-publish",
        "host": platform.node(),
        "ts": int(time.time()),
        "summary": summary,
    }
    out = Path(export_path).with_suffix(".report.json")
    out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    os.chmod(out, 0o600)
    log.info("run report written to %s", out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="JSON-lines export from the arrangement system")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("MEMORIAL_CMS_KEY")
    if not api_key and not args.dry_run:
        log.error("MEMORIAL_CMS_KEY is not set")
        return 2

    records = [r for r in load_records(args.export) if r.get("approved")]
    log.info("%d approved obituaries in export", len(records))

    client = None if args.dry_run else CmsClient(CMS_BASE, api_key)
    published, failed = [], []
    for rec in records:
        obit = normalise(rec)
        if not obit["slug"]:
            failed.append("<missing case id>")
            continue
        if client is None:
            log.info("[dry-run] would publish %s", obit["slug"])
            continue
        try:
            url = client.publish(obit)
            published.append(url)
            log.info("published %s -> %s", obit["slug"], url)
        except Exception as exc:  # keep going with the rest of the batch
            log.error("%s: %s", obit["slug"], exc)
            failed.append(obit["slug"])

    write_run_report(args.export, {"published": len(published), "failed": failed})
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
