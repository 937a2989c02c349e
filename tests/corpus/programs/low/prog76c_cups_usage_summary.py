#!/usr/bin/env python3
"""Push per-queue CUPS usage to the print-ops dashboard.

Parses the CUPS page_log, aggregates pages per printer / user / day and
posts the result to the dashboard ingest endpoint.  Meant to be run
nightly from each print server in the fleet.

Config (optional): ~/.config/printops/reporter.ini

    [dashboard]
    url = https://printops.example.com/api/v1/usage
    timeout = 15

    [source]
    page_log = /var/log/cups/page_log
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import re
import socket
import sys
import time
from collections import defaultdict
from datetime import datetime, timedelta
from urllib.parse import urlsplit

LOG = logging.getLogger("cups-usage")

PAGE_LOG_RE = re.compile(
    r"^(?P<printer>\S+)\s+(?P<user>\S+)\s+(?P<job>\d+)\s+\[(?P<ts>[^\]]+)\]\s+"
    r"(?P<page>\S+)\s+(?P<copies>\d+)"
)
DEFAULT_CONFIG = "~/.config/printops/reporter.ini"


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "dashboard": {"url": "https://printops.example.com/api/v1/usage",
                      "timeout": "15"},
        "source": {"page_log": "/var/log/cups/page_log"},
    })
    cfg.read(os.path.expanduser(path))
    return cfg


def parse_page_log(path, since=None):
    totals = defaultdict(lambda: {"pages": 0, "jobs": set()})
    with open(path, encoding="utf-8", errors="replace") as fh:
        for lineno, line in enumerate(fh, 1):
            m = PAGE_LOG_RE.match(line)
            if not m:
                LOG.debug("skipping line %d", lineno)
                continue
            try:
                ts = datetime.strptime(m["ts"].split()[0], "%d/%b/%Y:%H:%M:%S")
            except ValueError:
                continue
            if since and ts < since:
                continue
            bucket = totals[(m["printer"], m["user"], ts.date().isoformat())]
            bucket["pages"] += int(m["copies"])
            bucket["jobs"].add(m["job"])
    return [
        {"printer": p, "user": u, "day": d, "pages": b["pages"], "jobs": len(b["jobs"])}
        for (p, u, d), b in sorted(totals.items())
    ]


def summarise(rows):
    """Per-printer totals, shown in the log and included in the upload."""
    per_printer = defaultdict(int)
    for row in rows:
        per_printer[row["printer"]] += row["pages"]
    return dict(sorted(per_printer.items(), key=lambda kv: -kv[1]))


def post_json(url, payload, api_key, timeout):
    parts = urlsplit(url)
    conn_cls = (http.client.HTTPSConnection if parts.scheme == "https"
                else http.client.HTTPConnection)
    conn = conn_cls(parts.netloc, timeout=timeout)
    body = json.dumps(payload).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "Authorization": f"Bearer {api_key}",
        "User-Agent": "cups-usage-reporter/1.4",
    }
    try:
        conn.request("POST", parts.path or "/", body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"dashboard returned {resp.status}: {data[:200]!r}")
        return resp.status
    finally:
        conn.close()


def send_with_retry(url, payload, api_key, timeout, attempts=4):
    delay = 2.0
    for attempt in range(1, attempts + 1):
        try:
            status = post_json(url, payload, api_key, timeout)
            LOG.info("upload accepted (HTTP %s)", status)
            return True
        except (OSError, RuntimeError, http.client.HTTPException) as exc:
            LOG.warning("upload attempt %d/%d failed: %s", attempt, attempts, exc)
            if attempt < attempts:
                time.sleep(delay)
                delay *= 2
    return False


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--page-log", help="override page_log path")
    ap.add_argument("--days", type=int, default=1, help="look back N days")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    page_log = args.page_log or cfg.get("source", "page_log")
    since = datetime.now() - timedelta(days=args.days)

    try:
        rows = parse_page_log(page_log, since)
    except OSError as exc:
        LOG.error("cannot read %s: %s", page_log, exc)
        return 2
    LOG.info("aggregated %d rows from %s", len(rows), page_log)

    totals = summarise(rows)
    for printer, pages in list(totals.items())[:5]:
        LOG.info("  %-24s %6d pages", printer, pages)
    payload = {"schema": 2, "server": socket.gethostname(), "rows": rows,
               "totals": totals}

    if args.dry_run:
        json.dump({"rows": len(rows), "totals": totals}, sys.stdout, indent=2)
        print()
        return 0

    api_key = os.environ.get("PRINTOPS_API_KEY")
    if not api_key:
        LOG.error("PRINTOPS_API_KEY is not set")
        return 2
    ok = send_with_retry(cfg.get("dashboard", "url"), payload, api_key,
                         cfg.getfloat("dashboard", "timeout"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
