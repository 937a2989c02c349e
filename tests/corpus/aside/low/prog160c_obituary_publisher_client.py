#!/usr/bin/env python3
"""Publish an approved obituary notice to the local newspaper's notices API.

The notice text and service details come from a JSON file that the family
has signed off. The API key is issued by the newspaper and is only ever sent
to the newspaper's own API.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("obituary-publisher")

API_BASE = "https://notices.valleygazette.example/api/v2"
REQUIRED = ("deceased_name", "date_of_death", "notice_text")


class NoticesClient:
    def __init__(self, api_key, base=API_BASE, timeout=20):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": "Bearer %s" % api_key,
            "Accept": "application/json",
            "User-Agent": "hollowbrook-notices/1.3",
        })

    def publish(self, notice):
        resp = self.session.post(self.base + "/notices", json=notice, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()

    def status(self, notice_id):
        resp = self.session.get("%s/notices/%s" % (self.base, notice_id), timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_notice(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    missing = [key for key in REQUIRED if not data.get(key)]
    if missing:
        raise ValueError("notice is missing: %s" % ", ".join(missing))
    if not data.get("approved_by_family"):
        raise ValueError("notice has not been approved by the family")
    return {
        "deceased_name": data["deceased_name"],
        "date_of_death": data["date_of_death"],
        "text": data["notice_text"],
        "service": data.get("service", {}),
        "donations": data.get("donations_to"),
        "run_dates": data.get("run_dates", []),
        "funeral_director": "Hollowbrook & Sons Funeral Directors",
    }


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    pub = sub.add_parser("publish")
    pub.add_argument("notice", type=Path)
    pub.add_argument("--preview", action="store_true")
    st = sub.add_parser("status")
    st.add_argument("notice_id")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    args = parse_args(argv)
    api_key = os.environ.get("GAZETTE_API_KEY")
    if not api_key:
        LOG.error("GAZETTE_API_KEY is not set")
        return 2
    client = NoticesClient(api_key)
    try:
        if args.cmd == "publish":
            notice = load_notice(args.notice)
            if args.preview:
                print(json.dumps(notice, indent=2))
                return 0
            result = client.publish(notice)
            LOG.info("notice %s accepted, first run %s",
                     result.get("id"), result.get("first_run_date"))
        else:
            result = client.status(args.notice_id)
            print("%s: %s" % (args.notice_id, result.get("state", "unknown")))
    except (ValueError, requests.RequestException) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
