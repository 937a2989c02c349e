#!/usr/bin/env python3
"""Configure a salon check-in kiosk for the grooming booking system.

The kiosk is a small Linux box with Chromium in kiosk mode pointed at the
salon's self check-in page. This script:

  * pins the booking server name to its LAN address so check-in keeps
    working when the broadband drops,
  * installs a managed Chromium policy (home page, no incognito, no dev
    tools, allowed URLs only),
  * writes a local kiosk.json describing what was set.

    python3 groomer_kiosk_setup.py --server 192.168.10.20 --salon-id 4411
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-setup")

HOSTS = Path("/etc/hosts")
POLICY_DIR = Path("/etc/chromium/policies/managed")
BOOKING_NAME = "checkin.groomdesk.local"
MARK_BEGIN = "# >>> groomdesk kiosk >>>"
MARK_END = "# <<< groomdesk kiosk <<<"


def privileged_write(path: Path, text: str, mode: str = "0644"):
    """Write a root-owned file, going through sudo when not already root."""
    if os.geteuid() == 0:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        os.chmod(path, int(mode, 8))
        return
    subprocess.run(["sudo", "mkdir", "-p", str(path.parent)], check=True)
    subprocess.run(["sudo", "tee", str(path)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    subprocess.run(["sudo", "chmod", mode, str(path)], check=True)


def hosts_with_pin(current: str, server_ip: str) -> str:
    lines, inside = [], False
    for line in current.splitlines():
        if line.strip() == MARK_BEGIN:
            inside = True
            continue
        if line.strip() == MARK_END:
            inside = False
            continue
        if not inside:
            lines.append(line)
    lines += [MARK_BEGIN, f"{server_ip}\t{BOOKING_NAME}", MARK_END]
    return "\n".join(lines) + "\n"


def chromium_policy(salon_id: str) -> dict:
    home = f"https://{BOOKING_NAME}/salon/{salon_id}/checkin"
    return {
        "HomepageLocation": home,
        "RestoreOnStartup": 4,
        "RestoreOnStartupURLs": [home],
        "IncognitoModeAvailability": 1,
        "DeveloperToolsAvailability": 2,
        "URLBlocklist": ["*"],
        "URLAllowlist": [f"https://{BOOKING_NAME}/*", "https://js.stripe.com/*"],
        "PasswordManagerEnabled": False,
        "TranslateEnabled": False,
    }


def main():
    ap = argparse.ArgumentParser(description="Set up a grooming salon check-in kiosk")
    ap.add_argument("--server", required=True, help="LAN address of the booking server")
    ap.add_argument("--salon-id", required=True)
    ap.add_argument("--skip-hosts", action="store_true")
    ap.add_argument("--state", type=Path, default=Path("kiosk.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        server_ip = str(ipaddress.ip_address(args.server))
    except ValueError:
        log.error("--server must be an IP address, got %r", args.server)
        return 2

    try:
        if not args.skip_hosts:
            privileged_write(HOSTS, hosts_with_pin(HOSTS.read_text(), server_ip))
            log.info("pinned %s -> %s", BOOKING_NAME, server_ip)
        policy_path = POLICY_DIR / "groomdesk_kiosk.json"
        privileged_write(policy_path, json.dumps(chromium_policy(args.salon_id), indent=2))
        log.info("installed Chromium policy %s", policy_path)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 1

    args.state.write_text(json.dumps({
        "server": server_ip,
        "salon_id": args.salon_id,
        "hosts_pinned": not args.skip_hosts,
        "policy": str(POLICY_DIR / "groomdesk_kiosk.json"),
    }, indent=2))
    log.info("kiosk configured; restart Chromium to pick up the policy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
