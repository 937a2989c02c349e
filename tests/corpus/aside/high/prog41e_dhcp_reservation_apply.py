#!/usr/bin/env python3
"""Render static DHCP reservations for business subscribers and apply them.

reservations.csv (working dir) columns: circuit_id,mac,ip,hostname
The rendered include replaces /etc/dhcp/dhcpd.d/reservations.conf, the
config is syntax-checked with dhcpd -t, and isc-dhcp-server is restarted.
"""
import argparse
import csv
import ipaddress
import logging
import re
import shlex
import sys
from subprocess import PIPE, CalledProcessError, run

log = logging.getLogger("dhcp-apply")

INCLUDE_PATH = "/etc/dhcp/dhcpd.d/reservations.conf"
MAIN_CONF = "/etc/dhcp/dhcpd.conf"
SERVICE = "isc-dhcp-server"
MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$")

HOST_TMPL = """host {name} {{
  # circuit {circuit}
  hardware ethernet {mac};
  fixed-address {ip};
  option host-name "{name}";
}}
"""


def elevated(cmd, **kw):
    full = ["sudo", "-n"] + list(cmd)
    log.debug("run: %s", " ".join(shlex.quote(c) for c in full))
    return run(full, check=True, **kw)


def load_rows(path):
    seen_ip, seen_mac, rows = set(), set(), []
    with open(path, newline="") as fh:
        for lineno, rec in enumerate(csv.DictReader(fh), 2):
            mac = rec["mac"].strip().lower().replace("-", ":")
            if not MAC_RE.match(mac):
                raise ValueError(f"line {lineno}: bad MAC {rec['mac']!r}")
            ip = ipaddress.ip_address(rec["ip"].strip())
            if ip in seen_ip or mac in seen_mac:
                raise ValueError(f"line {lineno}: duplicate {ip} / {mac}")
            seen_ip.add(ip)
            seen_mac.add(mac)
            name = re.sub(r"[^a-z0-9-]", "-", rec["hostname"].strip().lower())[:63]
            rows.append({"name": name, "mac": mac, "ip": str(ip),
                         "circuit": rec["circuit_id"].strip()})
    return rows


def render(rows) -> str:
    header = "# managed by dhcp_reservation_apply.py - do not edit by hand\n\n"
    return header + "\n".join(HOST_TMPL.format(**r) for r in rows)


def apply(text: str, restart: bool):
    backup = INCLUDE_PATH + ".prev"
    elevated(["cp", "-p", INCLUDE_PATH, backup])
    elevated(["tee", INCLUDE_PATH], input=text.encode(), stdout=PIPE)
    try:
        elevated(["dhcpd", "-t", "-cf", MAIN_CONF], stdout=PIPE, stderr=PIPE)
    except CalledProcessError as exc:
        log.error("dhcpd -t rejected config, rolling back:\n%s", exc.stderr.decode())
        elevated(["cp", "-p", backup, INCLUDE_PATH])
        raise
    if restart:
        elevated(["systemctl", "restart", SERVICE])
        state = run(["systemctl", "is-active", SERVICE], stdout=PIPE, text=True).stdout.strip()
        log.info("%s is %s", SERVICE, state)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", default="reservations.csv")
    ap.add_argument("--render-only", action="store_true", help="print, do not apply")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        rows = load_rows(args.csv)
    except (ValueError, KeyError) as exc:
        log.error("input rejected: %s", exc)
        return 2
    text = render(rows)
    if args.render_only:
        sys.stdout.write(text)
        return 0
    try:
        apply(text, restart=not args.no_restart)
    except CalledProcessError:
        return 1
    log.info("applied %d reservations", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
