#!/usr/bin/env python3
"""Open a support ticket in the customer portal from a gateway.

Attaches basic gateway facts (OS name, CPU model) and the tail of the
collector's own log from the working directory. The portal API key comes
from PORTAL_API_KEY and is only ever sent to the portal API.
"""
import argparse
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("portal.ticket")

PORTAL = {
    "host": ".".join(["api", "portal", "example", "com"]),
    "path": "/v1/tickets",
    "timeout": 15,
    "key_env": "PORTAL_" + "API_KEY",
}
LOG_TAIL_LINES = 40


def os_name():
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.system()


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                key, _, val = line.partition(":")
                if key.strip() in ("model name", "Model", "Hardware"):
                    return val.strip()
    except OSError:
        pass
    return platform.machine()


def log_tail(path, n):
    if not os.path.isfile(path):
        return ""
    with open(path, "r", encoding="utf-8", errors="replace") as fh:
        return "".join(fh.readlines()[-n:])


class PortalClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.key = os.environ.get(cfg["key_env"], "")

    def url(self):
        return "https://%s%s" % (self.cfg["host"], self.cfg["path"])

    def submit(self, ticket):
        if not self.key:
            raise RuntimeError("%s is not set" % self.cfg["key_env"])
        body = json.dumps(ticket).encode("utf-8")
        req = urllib.request.Request(self.url(), data=body, method="POST", headers={
            "Content-Type": "application/json",
            "Authorization": "Bearer " + self.key,
        })
        with urllib.request.urlopen(req, timeout=self.cfg["timeout"]) as resp:
            return json.loads(resp.read().decode("utf-8"))


def build_ticket(args):
    return {
        "site": args.site,
        "subject": args.subject,
        "priority": args.priority,
        "body": args.message,
        "gateway": {
            "hostname": platform.node(),
            "os": os_name(),
            "cpu": cpu_model(),
        },
        "log_excerpt": log_tail(args.log, LOG_TAIL_LINES),
    }


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", required=True)
    ap.add_argument("--subject", required=True)
    ap.add_argument("--message", default="")
    ap.add_argument("--priority", choices=["low", "normal", "high"], default="normal")
    ap.add_argument("--log", default=os.path.join("logs", "collector.log"))
    ap.add_argument("--print-only", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ticket = build_ticket(args)
    if args.print_only:
        print(json.dumps(ticket, indent=2))
        return 0
    client = PortalClient(PORTAL)
    try:
        result = client.submit(ticket)
    except (RuntimeError, urllib.error.URLError, ValueError) as exc:
        LOG.error("ticket not submitted: %s", exc)
        return 1
    LOG.info("ticket %s created", result.get("id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
