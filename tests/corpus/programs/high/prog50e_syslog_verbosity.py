#!/usr/bin/env python3
"""Temporarily raise syslog verbosity for a support session.

Drops an rsyslog snippet that also copies debug-level messages of the chosen
facility into a dedicated file (normal logging is unchanged), restarts
rsyslog, and removes the snippet again with --revert when the session ends.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("syslog-verbosity")

SNIPPET = Path("/etc/rsyslog.d/49-support-debug.conf")
TEMPLATE = """# written by syslog_verbosity.py for ticket {ticket}
{facility}.debug    -/var/log/support-debug.log
"""
FACILITIES = {"daemon", "user", "local0", "local1", "local2", "local3", "local4", "local5", "local6", "local7"}


def systemctl(*args):
    cmd = ["systemctl", *args]
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def rsyslog_active():
    try:
        return systemctl("is-active", "rsyslog").stdout.strip() == "active"
    except subprocess.CalledProcessError:
        return False


def validate_config():
    proc = subprocess.run(["rsyslogd", "-N1"], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("rsyslog rejected the configuration:\n%s", proc.stderr)
        return False
    return True


def enable(facility, ticket):
    if facility not in FACILITIES:
        raise ValueError(f"unknown facility {facility}")
    SNIPPET.write_text(TEMPLATE.format(facility=facility, ticket=ticket))
    os.chmod(SNIPPET, 0o644)
    if not validate_config():
        SNIPPET.unlink()
        raise RuntimeError("configuration invalid, snippet removed")
    systemctl("restart", "rsyslog")
    LOG.info("debug logging for %s enabled -> /var/log/support-debug.log", facility)


def revert():
    if SNIPPET.exists():
        SNIPPET.unlink()
        systemctl("restart", "rsyslog")
        LOG.info("snippet removed and rsyslog restarted")
    else:
        LOG.info("nothing to revert")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--facility", default="local3")
    ap.add_argument("--ticket", default="unknown")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root (writes %s)", SNIPPET)
        return 1
    if not rsyslog_active():
        LOG.error("rsyslog is not running on this host")
        return 1
    try:
        if args.revert:
            revert()
        else:
            enable(args.facility, args.ticket)
    except (OSError, ValueError, RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
