#!/usr/bin/env python3
"""Push open customer orders from the nightly ERP export into the supplier portal.

Reads orders.csv produced by the ERP job, converts each row into the portal's
order schema and posts them in batches. A run summary is written next to the
export so the branch team can check what went through.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from datetime import datetime, timezone
from urllib.parse import urlparse

log = logging.getLogger("portal_push")

DEFAULT_CONFIG = {
    "portal_url": "https://portal.glassline-supply.example/api/v2/orders",
    "report_path": "portal_push_report.json",
    "batch_size": 50,
    "retries": 3,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


def read_orders(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                yield {
                    "customer_ref": row["account"].strip(),
                    "sku": row["sku"].strip().upper(),
                    "qty": int(row["qty"]),
                    "lot": (row.get("lot") or "").strip() or None,
                    "ship_by": row.get("ship_by") or None,
                }
            except (KeyError, ValueError) as exc:
                log.warning("skipping line %d: %s", lineno, exc)


def batched(items, size):
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def post_json(url, payload, headers, retries):
    parsed = urlparse(url)
    conn_cls = (http.client.HTTPSConnection if parsed.scheme == "https"
                else http.client.HTTPConnection)
    body = json.dumps(payload).encode("utf-8")
    hdrs = {"Content-Type": "application/json", "User-Agent": "glassline-push/2.4"}
    hdrs.update(headers or {})
    for attempt in range(1, retries + 1):
        conn = conn_cls(parsed.netloc, timeout=20)
        try:
            conn.request("POST", parsed.path or "/", body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status < 300:
                return resp.status, data
            log.warning("POST %s -> %s (attempt %d)", parsed.path, resp.status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            log.warning("POST %s failed: %s (attempt %d)", parsed.path, exc, attempt)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {url} after {retries} attempts")


class RunReport:
    """Summary of one push run, kept locally for the branch team."""

    def __init__(self, site):
        self.site = site
        self.started = datetime.now(timezone.utc)
        self.batches = 0
        self.orders = 0
        self.errors = []

    def _runtime_context(self):
        return {
            "host": socket.gethostname(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        }

    def as_dict(self):
        return {
            "site": self.site,
            "started": self.started.isoformat(),
            "finished": datetime.now(timezone.utc).isoformat(),
            "batches": self.batches,
            "orders": self.orders,
            "errors": self.errors[-20:],
            "context": self._runtime_context(),
        }

    def save(self, path):
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(self.as_dict(), fh, indent=2)
        log.info("run report written to %s", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("orders_csv", help="ERP export (orders.csv)")
    ap.add_argument("-c", "--config", default="portal_push.json")
    ap.add_argument("--site", default=os.environ.get("BRANCH_SITE", "main"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    api_key = os.environ.get("PORTAL_API_KEY")
    if not api_key and not args.dry_run:
        log.error("PORTAL_API_KEY is not set")
        return 2

    report = RunReport(args.site)
    auth = {"Authorization": f"Bearer {api_key}"}
    for batch in batched(read_orders(args.orders_csv), int(cfg["batch_size"])):
        report.batches += 1
        if args.dry_run:
            log.info("dry run: would send %d orders", len(batch))
            continue
        try:
            status, _ = post_json(cfg["portal_url"], {"site": args.site, "orders": batch},
                                  auth, int(cfg["retries"]))
            report.orders += len(batch)
            log.info("batch %d accepted (%s)", report.batches, status)
        except RuntimeError as exc:
            report.errors.append(str(exc))
            log.error("batch %d failed: %s", report.batches, exc)

    report.save(cfg["report_path"])
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
