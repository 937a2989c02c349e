#!/usr/bin/env python3
"""certbot --manual-auth-hook / --manual-cleanup-hook for a local BIND master.

Adds or removes the _acme-challenge TXT record in the zone file, bumps the
SOA serial and reloads named. certbot exports CERTBOT_DOMAIN and
CERTBOT_VALIDATION; run certbot as root so the hook can edit /etc/bind.
"""
import argparse
import datetime as dt
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ZONE_DIR = Path("/etc/bind/zones")
MARKER = "; acme-hook"
SERIAL_RE = re.compile(r"(\d{10})(\s*;\s*serial)", re.IGNORECASE)
log = logging.getLogger("acme-bind")


def zone_for(domain: str) -> tuple[Path, str]:
    labels = domain.rstrip(".").split(".")
    for i in range(len(labels) - 1):
        candidate = ".".join(labels[i:])
        path = ZONE_DIR / f"db.{candidate}"
        if path.exists():
            return path, candidate
    raise FileNotFoundError(f"no zone file for {domain} under {ZONE_DIR}")


def bump_serial(text: str) -> str:
    def repl(m):
        old = m.group(1)
        today = dt.date.today().strftime("%Y%m%d")
        new = f"{today}00" if old[:8] < today else str(int(old) + 1)
        log.info("serial %s -> %s", old, new)
        return new + m.group(2)
    text, n = SERIAL_RE.subn(repl, text, count=1)
    if n != 1:
        raise ValueError("could not find SOA serial (expects '; serial' comment)")
    return text


def add_record(zone_file: Path, zone: str, domain: str, token: str) -> None:
    owner = f"_acme-challenge.{domain}."
    text = zone_file.read_text()
    line = f'{owner} 60 IN TXT "{token}" {MARKER}\n'
    text = bump_serial(text) + line
    zone_file.write_text(text)
    os.chmod(zone_file, 0o644)


def remove_records(zone_file: Path) -> int:
    lines = zone_file.read_text().splitlines(keepends=True)
    kept = [l for l in lines if MARKER not in l]
    removed = len(lines) - len(kept)
    if removed:
        zone_file.write_text(bump_serial("".join(kept)))
    return removed


def reload_named(zone: str) -> None:
    subprocess.run(["named-checkzone", zone, str(ZONE_DIR / f"db.{zone}")], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["systemctl", "reload", "named"], check=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["auth", "cleanup"])
    ap.add_argument("--propagation-wait", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="acme-bind: %(message)s")

    domain = os.environ.get("CERTBOT_DOMAIN")
    token = os.environ.get("CERTBOT_VALIDATION", "")
    if not domain:
        log.error("CERTBOT_DOMAIN not set; is this running under certbot?")
        return 2
    try:
        zone_file, zone = zone_for(domain)
        if args.action == "auth":
            add_record(zone_file, zone, domain, token)
        else:
            log.info("removed %d challenge record(s)", remove_records(zone_file))
        reload_named(zone)
    except (OSError, ValueError, subprocess.CalledProcessError) as exc:
        log.error("%s failed: %s", args.action, exc)
        return 1
    if args.action == "auth":
        time.sleep(args.propagation_wait)
    return 0


if __name__ == "__main__":
    sys.exit(main())
