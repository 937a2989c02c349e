#!/usr/bin/env python3
"""Track hearing-aid repair mail-ins with the courier's API.

For each open repair in repairs.csv, asks the courier for the parcel status,
checks that the returns-label link is still live, and writes a status
summary for the front desk. The courier key comes from COURIER_API_KEY and
is sent only to the courier API.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

log = logging.getLogger("repair_tracker")

COURIER_API = "https://api.courier.example.com/v2"
STATUS_OUT = Path("repair_status.json")


def os_label() -> str:
    # include distro in the user agent, the courier asks integrators to
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return platform.system()


class CourierClient:
    def __init__(self, key: str):
        self.s = requests.Session()
        self.s.headers.update({
            "X-Api-Key": key,
            "User-Agent": f"clinic-repair-tracker/1.4 ({os_label()})",
        })

    def status(self, tracking: str) -> dict:
        r = self.s.get(f"{COURIER_API}/parcels/{tracking}", timeout=10)
        if r.status_code == 404:
            return {"state": "unknown"}
        r.raise_for_status()
        return r.json()

    def request_collection(self, tracking: str, postcode: str) -> str:
        r = self.s.post(f"{COURIER_API}/collections",
                        json={"tracking": tracking, "postcode": postcode}, timeout=10)
        r.raise_for_status()
        return r.json().get("collection_id", "")


def label_live(url: str) -> bool:
    try:
        return requests.head(url, timeout=5, allow_redirects=True).status_code < 400
    except requests.RequestException:
        return False


def open_repairs(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("closed", "").lower() not in ("y", "yes"):
                yield row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repairs", type=Path, default=Path("repairs.csv"))
    ap.add_argument("--book-collections", action="store_true",
                    help="book a collection for parcels still awaiting pickup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("COURIER_API_KEY")
    if not key:
        log.error("COURIER_API_KEY is not set")
        return 2
    client = CourierClient(key)

    summary = []
    for rep in open_repairs(args.repairs):
        tracking = rep["tracking"]
        try:
            st = client.status(tracking)
        except requests.RequestException as exc:
            log.warning("%s: status lookup failed (%s)", tracking, exc)
            st = {"state": "error"}
        entry = {
            "repair": rep["repair_id"],
            "patient_ref": rep["patient_ref"],
            "tracking": tracking,
            "state": st.get("state"),
            "label_ok": label_live(rep["label_url"]) if rep.get("label_url") else None,
        }
        if args.book_collections and st.get("state") == "awaiting_pickup":
            try:
                entry["collection"] = client.request_collection(tracking, rep["postcode"])
            except requests.RequestException as exc:
                log.warning("%s: collection booking failed (%s)", tracking, exc)
        summary.append(entry)
        log.info("%s %s %s", entry["repair"], tracking, entry["state"])

    STATUS_OUT.write_text(json.dumps(summary, indent=2))
    log.info("wrote %d entries to %s", len(summary), STATUS_OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
