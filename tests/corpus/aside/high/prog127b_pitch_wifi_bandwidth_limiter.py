#!/usr/bin/env python3
"""Per-pitch Wi-Fi bandwidth tiers for the touring field.

Guests who buy the "streaming" add-on get a higher rate than the free tier.
Reads the pitch add-ons export and the DHCP leases (MAC registered at check-in
against each pitch), marks each guest device's traffic in a dedicated
mangle chain and attaches HTB classes on the AP-side interface.
"""
import argparse
import csv
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("shaper")

CHAIN = "PITCH_TIERS"
TIERS = {"free": (1, "2mbit", "3mbit"), "standard": (2, "6mbit", "8mbit"),
         "streaming": (3, "20mbit", "25mbit")}


class Runner:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.prefix = [] if dry_run else ["sudo", "-n"]

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.debug("$ %s", shlex.join(cmd))
        if self.dry_run:
            print(shlex.join(list(argv)))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        res = subprocess.run(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            raise RuntimeError(f"{shlex.join(cmd)} failed: {res.stderr.strip()}")
        return res


def read_addons(path):
    tiers = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            tier = row.get("wifi_tier", "free").strip().lower()
            tiers[row["pitch"].strip().upper()] = tier if tier in TIERS else "free"
    return tiers


def read_devices(path):
    devices = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            mac = row["mac"].strip().lower()
            if len(mac) == 17:
                devices.append((row["pitch"].strip().upper(), mac))
    return devices


def setup_qdisc(run, iface, total):
    run("tc", "qdisc", "del", "dev", iface, "root", check=False)
    run("tc", "qdisc", "add", "dev", iface, "root", "handle", "1:", "htb", "default", "1")
    run("tc", "class", "add", "dev", iface, "parent", "1:", "classid", "1:99",
        "htb", "rate", total)
    for name, (mark, rate, ceil) in TIERS.items():
        run("tc", "class", "add", "dev", iface, "parent", "1:99", "classid", f"1:{mark}",
            "htb", "rate", rate, "ceil", ceil)
        run("tc", "filter", "add", "dev", iface, "parent", "1:", "protocol", "ip",
            "handle", str(mark), "fw", "flowid", f"1:{mark}")
        log.info("tier %s: %s (ceil %s)", name, rate, ceil)


def setup_marks(run, uplink, devices, tiers):
    if run("iptables", "-t", "mangle", "-L", CHAIN, "-n", check=False).returncode != 0:
        run("iptables", "-t", "mangle", "-N", CHAIN)
    run("iptables", "-t", "mangle", "-F", CHAIN)
    hook = ("-i", uplink, "-j", CHAIN)
    if run("iptables", "-t", "mangle", "-C", "FORWARD", *hook, check=False).returncode != 0:
        run("iptables", "-t", "mangle", "-A", "FORWARD", *hook)
    counts = {t: 0 for t in TIERS}
    for pitch, mac in devices:
        tier = tiers.get(pitch, "free")
        mark = TIERS[tier][0]
        # download direction: match on destination via conntrack mark from the AP side
        run("iptables", "-t", "mangle", "-A", CHAIN, "-m", "mac", "--mac-source", mac,
            "-j", "CONNMARK", "--set-mark", str(mark))
        counts[tier] += 1
    run("iptables", "-t", "mangle", "-A", "POSTROUTING", "-j", "CONNMARK", "--restore-mark",
        check=False)
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--addons", default="pitch_addons.csv")
    ap.add_argument("--devices", default="guest_devices.csv")
    ap.add_argument("--ap-iface", default="wlan0")
    ap.add_argument("--uplink", default="eth0")
    ap.add_argument("--total", default="80mbit")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    for f in (args.addons, args.devices):
        if not Path(f).exists():
            sys.exit(f"missing {f}")
    tiers = read_addons(args.addons)
    devices = read_devices(args.devices)
    run = Runner(args.dry_run)
    try:
        setup_qdisc(run, args.ap_iface, args.total)
        counts = setup_marks(run, args.ap_iface, devices, tiers)
    except RuntimeError as exc:
        log.error("%s", exc)
        sys.exit(1)
    log.info("shaping applied: %s", ", ".join(f"{t}={n}" for t, n in counts.items()))


if __name__ == "__main__":
    main()
