#!/usr/bin/env python3
"""Sync concert ticket sales with the box-office spreadsheet.

Pulls orders for a concert from the ticketing provider's API, writes a door
list CSV for the volunteers, and posts check-in counts back to the provider
after the concert. The API key is read from TICKETS_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("ticket_sync")

API_BASE = os.environ.get("TICKETS_API_BASE", "https://api.tickets.example.com/v2")


class TicketAPI:
    def __init__(self, key, base=API_BASE, timeout=15):
        self.key = key
        self.base = base.rstrip("/")
        self.timeout = timeout

    def _request(self, method, path, payload=None, retries=3):
        url = self.base + path
        data = json.dumps(payload).encode("utf-8") if payload is not None else None
        headers = {"Authorization": "Bearer " + self.key, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        for attempt in range(1, retries + 1):
            req = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    body = resp.read()
                    return json.loads(body) if body else {}
            except urllib.error.HTTPError as exc:
                if exc.code < 500 or attempt == retries:
                    raise
            except urllib.error.URLError:
                if attempt == retries:
                    raise
            wait = 2 ** attempt
            LOG.warning("retrying %s %s in %ss", method, path, wait)
            time.sleep(wait)
        return {}

    def orders(self, concert_id):
        page, out = 1, []
        while True:
            res = self._request("GET", "/events/%s/orders?page=%d" % (concert_id, page))
            out.extend(res.get("orders", []))
            if not res.get("next_page"):
                return out
            page += 1

    def report_checkins(self, concert_id, counts):
        return self._request("POST", "/events/%s/checkins" % concert_id, counts)


def write_door_list(orders, path):
    rows = sorted(orders, key=lambda o: o.get("last_name", "").lower())
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["last_name", "first_name", "tickets", "type", "order_ref"])
        for o in rows:
            w.writerow([o.get("last_name", ""), o.get("first_name", ""),
                        o.get("quantity", 1), o.get("ticket_type", "adult"), o.get("ref", "")])
    LOG.info("door list with %d orders written to %s", len(rows), path)


def read_checkins(path):
    counts = {"checked_in": 0, "no_show": 0}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = "checked_in" if row.get("arrived", "").strip().lower() in ("y", "yes", "1") else "no_show"
            counts[key] += int(row.get("tickets") or 1)
    return counts


def main():
    ap = argparse.ArgumentParser(description="Concert ticket sync")
    ap.add_argument("concert_id")
    ap.add_argument("--door-list", default="door_list.csv")
    ap.add_argument("--checkins", help="completed door list to report back")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("TICKETS_API_KEY")
    if not key:
        LOG.error("set TICKETS_API_KEY first")
        return 1
    api = TicketAPI(key)
    try:
        if args.checkins:
            counts = read_checkins(args.checkins)
            api.report_checkins(args.concert_id, counts)
            LOG.info("reported %s", counts)
        else:
            write_door_list(api.orders(args.concert_id), args.door_list)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
