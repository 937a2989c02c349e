#!/usr/bin/env python3
"""Publishes delay notices from the board team to the passenger info API.

The duty controller writes notices into a CSV during the shift; this sends
the new ones to the passenger information service, which feeds the app
and the station screens.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("delay-notices")

API_BASE = os.environ.get("PAXINFO_API", "https://api.paxinfo.example/v1")
SENT_LOG = Path("sent_notices.jsonl")


@dataclass
class Notice:
    route: str
    scheduled: str
    delay_min: int
    reason: str
    bay: str = ""

    @property
    def key(self):
        return f"{self.route}@{self.scheduled}"


class PaxInfoClient:
    def __init__(self, base=API_BASE, token_var="PAXINFO_TOKEN"):
        self.base = base.rstrip("/")
        self._http = importlib.import_module("requests")
        self._session = self._http.Session()
        token = os.environ.get(token_var)
        if not token:
            raise SystemExit(f"{token_var} is not set")
        self._session.headers.update({"Authorization": f"Bearer {token}",
                                      "User-Agent": "depboard-notices/1.4"})

    def _send(self, method, path, **kw):
        call = getattr(self._session, method)
        resp = call(f"{self.base}{path}", timeout=15, **kw)
        resp.raise_for_status()
        return resp.json() if resp.content else {}

    def publish(self, notice):
        return self._send("post", "/notices", json=asdict(notice))

    def withdraw(self, key):
        return self._send("delete", f"/notices/{key}")

    def active(self):
        return self._send("get", "/notices", params={"source": "depboard"})


def read_notices(path):
    with Path(path).open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Notice(row["route"].strip(), row["scheduled"].strip(),
                             int(row["delay_min"]), row.get("reason", "").strip(),
                             row.get("bay", "").strip())
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)


def already_sent():
    if not SENT_LOG.exists():
        return set()
    return {json.loads(line)["key"] for line in SENT_LOG.read_text().splitlines() if line.strip()}


def remember(notice, reply):
    with SENT_LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"key": notice.key, "id": reply.get("id")}) + "\n")


def do_publish(client, args):
    sent = already_sent()
    count = 0
    for notice in read_notices(args.csv):
        if notice.key in sent:
            continue
        reply = client.publish(notice)
        remember(notice, reply)
        count += 1
        log.info("published %s (+%d min)", notice.key, notice.delay_min)
    log.info("%d new notice(s)", count)
    return 0


def do_list(client, args):
    for item in client.active().get("notices", []):
        print(f"{item.get('route', ''):<6} {item.get('scheduled', ''):>5} +{item.get('delay_min', 0)} min")
    return 0


def do_withdraw(client, args):
    client.withdraw(args.key)
    log.info("withdrew %s", args.key)
    return 0


HANDLERS = {"publish": do_publish, "list": do_list, "withdraw": do_withdraw}


def main():
    ap = argparse.ArgumentParser(description="Passenger info delay notices")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("publish")
    p.add_argument("csv")
    sub.add_parser("list")
    w = sub.add_parser("withdraw")
    w.add_argument("key")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    return HANDLERS[args.cmd](PaxInfoClient(), args)


if __name__ == "__main__":
    sys.exit(main())
