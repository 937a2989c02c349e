#!/usr/bin/env python3
"""Make the Zigbee USB coordinator usable by the zigbee2mqtt service user.

Finds the dongle under /dev/serial/by-id, then changes the owner and mode of
the underlying /dev/ttyUSB* or /dev/ttyACM* node so the 'zigbee' user can
open it. Must be run as root.
"""
import glob
import grp
import os
import pwd
import stat
import sys

SERVICE_USER = "zigbee"
KNOWN_IDS = ("Sonoff_Zigbee", "ConBee", "SkyConnect", "CC2652", "cp210x")


def find_dongle():
    for link in sorted(glob.glob("/dev/serial/by-id/*")):
        name = os.path.basename(link)
        if any(k.lower() in name.lower() for k in KNOWN_IDS):
            return link, os.path.realpath(link)
    for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
        return dev, dev
    return None, None


def describe(dev):
    st = os.stat(dev)
    owner = pwd.getpwuid(st.st_uid).pw_name
    group = grp.getgrgid(st.st_gid).gr_name
    return f"{owner}:{group} {stat.filemode(st.st_mode)}"


def main():
    link, dev = find_dongle()
    if dev is None:
        print("no Zigbee coordinator found", file=sys.stderr)
        return 1
    print(f"coordinator: {link} -> {dev}")
    print(f"before: {describe(dev)}")

    try:
        user = pwd.getpwnam(SERVICE_USER)
    except KeyError:
        print(f"user {SERVICE_USER!r} does not exist", file=sys.stderr)
        return 1
    try:
        dialout = grp.getgrnam("dialout").gr_gid
    except KeyError:
        dialout = user.pw_gid

    if os.geteuid() != 0:
        print("must be run as root", file=sys.stderr)
        return 1

    os.chown(dev, user.pw_uid, dialout)
    os.chmod(dev, 0o660)
    print(f"after:  {describe(dev)}")

    cfg = os.path.join(os.getcwd(), "zigbee_port.txt")
    with open(cfg, "w") as fh:
        fh.write(link + "\n")
    print(f"recorded port in {cfg}; set serial.port in configuration.yaml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
