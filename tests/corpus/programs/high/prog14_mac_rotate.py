#!/usr/bin/env python3
"""Rotates the MAC address of a test interface between lab runs (needs root)."""
import argparse
import random
import re
import subprocess


def random_mac():
    octets = [0x02] + [random.randint(0, 255) for _ in range(5)]
    return ":".join(f"{o:02x}" for o in octets)


def current_mac(iface):
    out = subprocess.check_output(["ifconfig", iface], text=True)
    m = re.search(r"ether ([0-9a-f:]{17})", out)
    return m.group(1) if m else None


def set_mac(iface, mac):
    subprocess.check_call(["ifconfig", iface, "down"])
    subprocess.check_call(["ifconfig", iface, "hw", "ether", mac])
    subprocess.check_call(["ifconfig", iface, "up"])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("-i", "--interface", default="enp0s8")
    p.add_argument("-m", "--mac")
    a = p.parse_args()
    before = current_mac(a.interface)
    set_mac(a.interface, a.mac or random_mac())
    print(f"{a.interface}: {before} -> {current_mac(a.interface)}")


if __name__ == "__main__":
    main()
