#!/usr/bin/env python3
"""Post a closed incident summary to the regional coordination API.

After each callout the dispatcher fills in a short summary file
(incident_<id>.json in the working directory).  This tool validates it,
attaches the route sketch, and posts it to the regional coordination
centre's API.  The API key comes from the environment and is only ever
sent to that API.
"""

import argparse
import base64
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("incident-post")

API = {
    "base": "https://" + ".".join(["coord", "example", "org"]),
    "route": "/api/v1/incidents",
    "key_var": "COORD_API_KEY",
}

REQUIRED = ("incident_id", "opened", "closed", "location", "outcome")


class SummaryError(ValueError):
    pass


def load_summary(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise SummaryError(f"missing fields: {', '.join(missing)}")
    return data


def attach_sketch(summary, sketch_path):
    if not sketch_path:
        return summary
    raw = Path(sketch_path).read_bytes()
    summary["attachments"] = [{
        "name": Path(sketch_path).name,
        "encoding": "base64",
        "data": base64.b64encode(raw).decode("ascii"),
    }]
    return summary


class CoordClient:
    def __init__(self, spec, timeout=15):
        self.url = spec["base"] + spec["route"]
        self.key = os.environ.get(spec["key_var"])
        self.timeout = timeout
        if not self.key:
            raise RuntimeError(f"{spec['key_var']} is not set")

    def post(self, summary):
        body = json.dumps(summary).encode("utf-8")
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.key}",
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)


def write_receipt(incident_id, answer):
    receipt = Path(f"receipt_{incident_id}.json")
    receipt.write_text(json.dumps(answer, indent=2))
    os.chmod(receipt, 0o600)
    return receipt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("summary", help="incident_<id>.json")
    ap.add_argument("--sketch", help="route sketch image to attach")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        summary = attach_sketch(load_summary(args.summary), args.sketch)
    except (OSError, ValueError) as exc:
        LOG.error("cannot prepare summary: %s", exc)
        return 2

    if args.dry_run:
        LOG.info("dry run: would post incident %s", summary["incident_id"])
        return 0

    try:
        answer = CoordClient(API).post(summary)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    except (urllib.error.URLError, OSError) as exc:
        LOG.error("post failed: %s", exc)
        return 1

    receipt = write_receipt(summary["incident_id"], answer)
    LOG.info("incident %s accepted, receipt in %s", summary["incident_id"], receipt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
