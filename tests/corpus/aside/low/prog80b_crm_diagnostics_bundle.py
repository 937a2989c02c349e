#!/usr/bin/env python3
"""Collect a diagnostics bundle for a GiveTrack CRM support ticket.

Gathers the platform, Python and package versions, which CRM settings are
present, and the tail of the application log, and writes everything to
support_<ticket>.zip in the current directory so it can be attached to the
ticket by hand.

    crm_diagnostics_bundle.py --ticket 48213
"""
import argparse
import importlib.metadata as md
import json
import logging
import os
import platform
import sys
import zipfile
from collections import deque
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("diag")

PACKAGES = ("givetrack", "sqlalchemy", "stripe", "mailchimp-marketing",
            "reportlab", "jinja2", "psycopg2-binary")
SETTING_PREFIXES = ("CRM_", "DB_", "STRIPE_", "MAILCHIMP_", "SMTP_")
LOG_FILE = Path("logs/givetrack.log")


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def package_versions():
    for name in PACKAGES:
        try:
            yield name, md.version(name)
        except md.PackageNotFoundError:
            yield name, None


def settings_present():
    """Which settings are configured (names only; values stay on this box)."""
    for key in sorted(os.environ):
        if key.startswith(SETTING_PREFIXES):
            yield key, "set" if os.environ[key] else "empty"


def log_tail(lines=400):
    if not LOG_FILE.exists():
        return ""
    with LOG_FILE.open(errors="replace") as fh:
        return "".join(deque(fh, maxlen=lines))


def collect(ticket):
    return {
        "ticket": ticket,
        "collected_at": datetime.now(timezone.utc).isoformat(),
        "host": platform.node(),
        "os": os_release(),
        "kernel": platform.release(),
        "cpu": cpu_model(),
        "python": sys.version,
        "packages": dict(package_versions()),
        "settings": dict(settings_present()),
    }


def write_bundle(ticket, report, tail):
    out = Path(f"support_{ticket}.zip")
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("report.json", json.dumps(report, indent=2))
        if tail:
            zf.writestr("givetrack.log.tail", tail)
    out.chmod(0o600)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--log-lines", type=int, default=400)
    ap.add_argument("--print", action="store_true", help="also print report")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.ticket.isdigit():
        log.error("ticket should be the numeric id from the support portal")
        return 2

    report = collect(args.ticket)
    out = write_bundle(args.ticket, report, log_tail(args.log_lines))
    if args.print:
        print(json.dumps(report, indent=2))
    log.info("bundle written to %s (%d bytes); attach it to ticket #%s",
             out, out.stat().st_size, args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
