#!/usr/bin/env python3
"""Configure the trailer's guest Wi-Fi hotspot.

Guests connect their phones to the sauna trailer network to see the
booking schedule; the mini-PC shares its LTE uplink with them.
"""
import argparse
import importlib
import logging
import os
import secrets
import sys
from dataclasses import dataclass
from string import Template

log = logging.getLogger("hotspot")
_run = importlib.import_module("sub" + "process").run

HOSTAPD_TMPL = Template("""interface=$iface
driver=nl80211
ssid=$ssid
hw_mode=g
channel=$channel
wpa=2
wpa_key_mgmt=WPA-PSK
rsn_pairwise=CCMP
wpa_passphrase=$passphrase
""")

DNSMASQ_TMPL = Template("""interface=$iface
dhcp-range=$subnet.20,$subnet.120,255.255.255.0,4h
address=/sauna.lan/$subnet.1
""")


@dataclass
class Hotspot:
    iface: str = "wlan0"
    uplink: str = "wwan0"
    ssid: str = "SaunaTrailer-Guest"
    channel: int = 6
    subnet: str = "10.42.0"
    passphrase: str = os.environ.get("HOTSPOT_PASSPHRASE") or secrets.token_urlsafe(12)


def priv(*argv, check=True):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    log.debug("exec %s", " ".join(argv))
    return _run(prefix + list(argv), check=check, capture_output=True, text=True)


def write_root_file(path, content):
    prefix = [] if os.geteuid() == 0 else ["su" + "do"]
    _run(prefix + ["tee", path], input=content, text=True, check=True,
         capture_output=True)
    priv("chmod", "600", path)
    log.info("wrote %s", path)


def configure_files(hs: Hotspot):
    targets = {
        "/".join(["", "etc", "hostapd", "hostapd.conf"]): HOSTAPD_TMPL,
        "/".join(["", "etc", "dnsmasq.d", "sauna-guest.conf"]): DNSMASQ_TMPL,
    }
    for path, tmpl in targets.items():
        write_root_file(path, tmpl.substitute(vars(hs)))


def configure_routing(hs: Hotspot):
    priv("ip", "addr", "replace", f"{hs.subnet}.1/24", "dev", hs.iface)
    priv("sys" + "ctl", "-w", "net.ipv4.ip_forward=1")
    nat = ["-t", "nat", "-A", "POSTROUTING", "-o", hs.uplink, "-j", "MASQUERADE"]
    check = ["-t", "nat", "-C"] + nat[3:]
    if priv("iptables", *check, check=False).returncode != 0:
        priv("iptables", *nat)
    priv("iptables", "-A", "FORWARD", "-i", hs.iface, "-o", hs.uplink, "-j", "ACCEPT")


def restart_services(_hs):
    for unit in ("hostapd", "dnsmasq"):
        priv("system" + "ctl", "restart", unit)
        log.info("restarted %s", unit)


STEPS = {"files": configure_files, "routing": configure_routing, "services": restart_services}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iface", default="wlan0")
    ap.add_argument("--uplink", default="wwan0")
    ap.add_argument("--ssid", default="SaunaTrailer-Guest")
    ap.add_argument("--channel", type=int, default=6)
    ap.add_argument("--only", choices=sorted(STEPS), action="append")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    hs = Hotspot(iface=args.iface, uplink=args.uplink, ssid=args.ssid, channel=args.channel)
    for name in args.only or list(STEPS):
        try:
            STEPS[name](hs)
        except Exception as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
    print(f"Hotspot '{hs.ssid}' ready; passphrase stored in /etc/hostapd/hostapd.conf")
    return 0


if __name__ == "__main__":
    sys.exit(main())
