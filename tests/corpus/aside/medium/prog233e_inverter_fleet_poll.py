#!/usr/bin/env python3
"""Poll the local web API of every inverter on a site and log AC output.

Site inverters ship with self-signed certificates that change on every
firmware update, so certificate checks are relaxed for the LAN poll.
"""
import argparse
import csv
import ipaddress
import logging
import os
import sys
import time
from datetime import datetime, timezone

import requests
import urllib3

LOG = logging.getLogger("invmon.fleet")

SITE = {
    "subnet": "192.0.2.0/28",
    "skip": {"192.0.2.1"},
    "path": "/api/v1/status",
    "timeout": 4,
}

TLS_POLICY = {"check": bool(int(os.environ.get("INVMON_TLS_CHECK", "0")))}

FIELDS = ["ts", "host", "serial", "ac_w", "dc_v", "temp_c", "state"]


class FleetClient:
    def __init__(self, timeout):
        self.timeout = timeout
        self.session = requests.Session()
        self.session.verify = TLS_POLICY["check"]
        self.session.headers["Accept"] = "application/json"
        if not self.session.verify:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def status(self, host, path):
        url = "https://%s%s" % (host, path)
        resp = self.session.get(url, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def hosts(subnet, skip):
    for ip in ipaddress.ip_network(subnet).hosts():
        s = str(ip)
        if s not in skip:
            yield s


def to_row(host, data):
    return {
        "ts": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": host,
        "serial": data.get("serial", "?"),
        "ac_w": data.get("ac", {}).get("power_w"),
        "dc_v": data.get("dc", {}).get("voltage_v"),
        "temp_c": data.get("temperature_c"),
        "state": data.get("state", "unknown"),
    }


def poll_once(client, subnet, skip, path):
    rows, down = [], []
    for host in hosts(subnet, skip):
        try:
            rows.append(to_row(host, client.status(host, path)))
        except requests.RequestException as exc:
            LOG.debug("%s: %s", host, exc)
            down.append(host)
        except ValueError:
            LOG.warning("%s returned non-JSON", host)
            down.append(host)
    return rows, down


def append_csv(path, rows):
    new = not os.path.exists(path)
    with open(path, "a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerows(rows)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subnet", default=SITE["subnet"])
    ap.add_argument("--out", default="fleet_readings.csv")
    ap.add_argument("--every", type=int, default=0, help="poll interval in seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = FleetClient(SITE["timeout"])
    while True:
        rows, down = poll_once(client, args.subnet, SITE["skip"], SITE["path"])
        append_csv(args.out, rows)
        total = sum(r["ac_w"] or 0 for r in rows)
        LOG.info("%d inverters up, %d down, site AC %.0f W", len(rows), len(down), total)
        if not args.every:
            break
        time.sleep(args.every)
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
