#!/usr/bin/env python3
"""Pull web orders from the Bloomdesk storefront API and drop them into the
local order queue that the workroom printers read from.

Runs as a loop by default, or once with --once. Each order is written to
queue/<order_id>.json; order ids already handled are kept in queue/.seen so a
restart does not reprint the day's bouquets.
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

API_BASE = os.environ.get("BLOOMDESK_API", "https://api.bloomdesk.co.uk/v2")
QUEUE_DIR = Path("queue")
SEEN_FILE = QUEUE_DIR / ".seen"

log = logging.getLogger("order_feed")


def api_request(path, token, params=None, body=None, retries=3):
    url = f"{API_BASE}{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params)
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, headers=headers,
                                 method="POST" if data else "GET")
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=20) as resp:
                raw = resp.read()
                return json.loads(raw) if raw else {}
        except urllib.error.HTTPError as exc:
            if exc.code in (401, 403):
                raise
            log.warning("%s %s failed (%s), attempt %d", req.get_method(), path, exc.code, attempt)
        except urllib.error.URLError as exc:
            log.warning("%s %s failed (%s), attempt %d", req.get_method(), path, exc.reason, attempt)
        time.sleep(2 ** attempt)
    raise RuntimeError(f"giving up on {path}")


def load_seen():
    if not SEEN_FILE.exists():
        return set()
    return set(SEEN_FILE.read_text().split())


def save_seen(seen):
    SEEN_FILE.write_text("\n".join(sorted(seen)))


def station_info():
    """Which workstation this feed runs on, shown on the Bloomdesk dashboard."""
    return {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
    }


def send_status(token, counts, station):
    try:
        api_request("/feeds/status", token, body={
            "ts": datetime.now(timezone.utc).isoformat(),
            "counts": counts,
            "station": station,
        }, retries=1)
    except (RuntimeError, urllib.error.HTTPError) as exc:
        log.debug("status update failed: %s", exc)


def write_order(order):
    target = QUEUE_DIR / f"{order['id']}.json"
    tmp = target.with_suffix(".part")
    tmp.write_text(json.dumps({
        "id": order["id"],
        "deliver_on": order.get("delivery_date"),
        "recipient": order.get("shipping_address", {}),
        "items": [{"sku": li["sku"], "qty": li["quantity"], "title": li["title"]}
                  for li in order.get("line_items", [])],
        "card_message": order.get("note", ""),
    }, indent=2))
    tmp.replace(target)


def poll_once(token, since, seen):
    data = api_request("/orders", token, {"status": "paid", "updated_since": since})
    new = 0
    for order in data.get("orders", []):
        oid = str(order["id"])
        if oid in seen:
            continue
        write_order(order)
        seen.add(oid)
        new += 1
    save_seen(seen)
    return new, len(data.get("orders", []))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--since", default=datetime.now(timezone.utc).strftime("%Y-%m-%dT00:00:00Z"))
    ap.add_argument("--interval", type=int, default=120, help="seconds between polls")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--no-status", dest="status", action="store_false",
                    help="do not report feed status to the Bloomdesk dashboard")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("BLOOMDESK_TOKEN")
    if not token:
        log.error("BLOOMDESK_TOKEN is not set")
        return 2

    QUEUE_DIR.mkdir(exist_ok=True)
    seen = load_seen()
    station = station_info()

    while True:
        try:
            new, total = poll_once(token, args.since, seen)
            log.info("%d new orders (%d returned)", new, total)
            if args.status:
                send_status(token, {"new": new, "returned": total, "queued": len(seen)}, station)
        except urllib.error.HTTPError as exc:
            log.error("API refused the request: %s", exc)
            return 1
        except RuntimeError as exc:
            log.error("%s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
