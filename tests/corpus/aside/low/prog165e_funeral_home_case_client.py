#!/usr/bin/env python3
"""Client for the FuneralNet partner API.

Lets the crematory office list cases that partner funeral homes have
referred and push status updates (received, scheduled, cremated,
ready for collection) back to them.
"""

import argparse
import json
import logging
import os
import sys

import requests

log = logging.getLogger("funeralnet")

API_BASE = os.environ.get("FUNERALNET_API", "https://api.funeralnet.example/v3")
STATUSES = ("received", "scheduled", "cremated", "ready_for_collection", "collected")


class FuneralNetClient:
    def __init__(self, base, api_key, timeout=15):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "crematory-office/1.4",
        })

    def _url(self, path):
        return f"{self.base}/{path.lstrip('/')}"

    def list_cases(self, status=None, page_size=50):
        params = {"limit": page_size}
        if status:
            params["status"] = status
        url = self._url("cases")
        while url:
            resp = self.session.get(url, params=params, timeout=self.timeout)
            resp.raise_for_status()
            data = resp.json()
            yield from data.get("items", [])
            url = data.get("next")
            params = None

    def get_case(self, case_id):
        resp = self.session.get(self._url(f"cases/{case_id}"), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def update_status(self, case_id, status, note=""):
        if status not in STATUSES:
            raise ValueError(f"unknown status {status}")
        body = {"status": status, "note": note}
        resp = self.session.post(self._url(f"cases/{case_id}/status"),
                                 json=body, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def cmd_list(client, args):
    for case in client.list_cases(status=args.status):
        print(f"{case['id']:>10}  {case.get('status', '?'):<22} "
              f"{case.get('funeral_home', '')}")


def cmd_show(client, args):
    print(json.dumps(client.get_case(args.case_id), indent=2))


def cmd_update(client, args):
    result = client.update_status(args.case_id, args.status, args.note or "")
    log.info("case %s now %s", args.case_id, result.get("status"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="command", required=True)

    p_list = sub.add_parser("list")
    p_list.add_argument("--status", choices=STATUSES)
    p_list.set_defaults(func=cmd_list)

    p_show = sub.add_parser("show")
    p_show.add_argument("case_id")
    p_show.set_defaults(func=cmd_show)

    p_update = sub.add_parser("update")
    p_update.add_argument("case_id")
    p_update.add_argument("status", choices=STATUSES)
    p_update.add_argument("--note")
    p_update.set_defaults(func=cmd_update)

    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("FUNERALNET_API_KEY")
    if not api_key:
        log.error("FUNERALNET_API_KEY is not set")
        return 2
    client = FuneralNetClient(API_BASE, api_key)
    try:
        args.func(client, args)
    except requests.HTTPError as exc:
        log.error("API error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
