#!/usr/bin/env python3
"""Pull pending animal transfers from the partner sanctuary portal.

The partner sanctuary runs its own portal on a self-signed certificate.
Each morning the transfer coordinator pulls the pending transfer list, and
this leaves a compressed CSV where the office import job picks it up.
"""
import argparse
import asyncio
import csv
import logging
import os
import subprocess
from dataclasses import dataclass, fields

import requests
import urllib3

LOG = logging.getLogger("partner-pull")

PORTAL = os.environ.get("PARTNER_PORTAL", "https://portal.partner-sanctuary.example")
DROP = "/tmp/" + "partner_transfers.csv"


@dataclass
class Transfer:
    ref: str
    species: str
    count: int
    direction: str
    planned_for: str
    notes: str = ""


class Portal:
    def __init__(self, token, check_cert):
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Token {token}"
        self.http.verify = check_cert
        if not check_cert:
            urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

    def _get(self, path, **params):
        resp = self.http.get(f"{PORTAL}{path}", params=params, timeout=30)
        resp.raise_for_status()
        return resp.json()

    def pending(self, page_size=100):
        page = 1
        while True:
            body = self._get("/api/transfers", status="pending", page=page, size=page_size)
            for item in body.get("results", []):
                yield Transfer(
                    ref=item["ref"],
                    species=item.get("species", ""),
                    count=int(item.get("count", 1)),
                    direction=item.get("direction", "in"),
                    planned_for=item.get("planned_for", ""),
                    notes=item.get("notes", ""),
                )
            if not body.get("next"):
                break
            page += 1


def write_drop(rows, path):
    names = [f.name for f in fields(Transfer)]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(names)
        for r in rows:
            w.writerow([getattr(r, n) for n in names])
    LOG.info("wrote %d transfers to %s", len(rows), path)


async def compress(path):
    tool = ["gz" + "ip", "-kf", path]
    proc = await asyncio.to_thread(
        subprocess.run, tool, capture_output=True, text=True
    )
    if proc.returncode:
        LOG.error("compress failed: %s", proc.stderr.strip())
    return proc.returncode


def summarise(rows):
    incoming = sum(r.count for r in rows if r.direction == "in")
    outgoing = sum(r.count for r in rows if r.direction == "out")
    LOG.info("incoming animals: %d, outgoing animals: %d", incoming, outgoing)


def main(argv=None):
    p = argparse.ArgumentParser(description="partner transfer pull")
    p.add_argument("--out", default=DROP)
    p.add_argument("--check-cert", action="store_true",
                   help="verify the portal certificate")
    p.add_argument("--no-compress", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    token = os.environ.get("PARTNER_PORTAL_TOKEN")
    if not token:
        LOG.error("PARTNER_PORTAL_TOKEN is not set")
        return 1
    portal = Portal(token, args.check_cert)
    rows = list(portal.pending())
    write_drop(rows, args.out)
    summarise(rows)
    if not args.no_compress:
        return asyncio.run(compress(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
