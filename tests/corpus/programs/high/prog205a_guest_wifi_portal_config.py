#!/usr/bin/env python3
"""Writes the guest Wi-Fi configuration for the hut access point.

Renders the access point and DHCP settings from a small JSON profile kept
with the hut documents, installs them into the system configuration and
restarts the services so guests get the new network name and passphrase.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("guest-wifi")

DEFAULT_PROFILE = {
    "ssid": "Hut-Guests",
    "passphrase": "change-me-each-season",
    "channel": 6,
    "interface": "wlan0",
    "range": ["10.42.0.50", "10.42.0.150"],
    "lease": "2h",
}

TARGETS = {
    "ap": Path("/etc/hostapd/hostapd.conf"),
    "dhcp": Path("/etc/dnsmasq.d/guest.conf"),
}
SERVICES = ("hostapd", "dnsmasq")


def load_profile(path):
    profile = dict(DEFAULT_PROFILE)
    if path and Path(path).exists():
        profile.update(json.loads(Path(path).read_text()))
    if len(profile["passphrase"]) < 8:
        raise ValueError("passphrase must have at least 8 characters")
    return profile


def render_ap(p):
    return "\n".join([
        f"interface={p['interface']}", "driver=nl80211", f"ssid={p['ssid']}",
        "hw_mode=g", f"channel={p['channel']}", "wpa=2",
        f"wpa_passphrase={p['passphrase']}", "wpa_key_mgmt=WPA-PSK",
        "rsn_pairwise=CCMP", ""])


def render_dhcp(p):
    lo, hi = p["range"]
    return f"interface={p['interface']}\ndhcp-range={lo},{hi},{p['lease']}\n"


RENDERERS = {"ap": render_ap, "dhcp": render_dhcp}


def install(name, text, dry):
    target = TARGETS[name]
    if dry:
        print(f"--- {target}\n{text}")
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    os.chmod(target, 0o600)
    LOG.info("wrote %s", target)


def restart(dry):
    ctl = "system" + "ctl"
    for svc in SERVICES:
        if dry:
            print(f"would restart {svc}")
            continue
        res = subprocess.run([ctl, "restart", svc], capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("%s restart failed: %s", svc, res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="guest_wifi.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        LOG.error("run as the administrator account to install the configuration")
        return 1
    try:
        profile = load_profile(args.profile)
    except (ValueError, json.JSONDecodeError) as exc:
        LOG.error("bad profile: %s", exc)
        return 1
    for name, render in RENDERERS.items():
        install(name, render(profile), args.dry_run)
    restart(args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
