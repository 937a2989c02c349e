#!/usr/bin/env python3
"""Set up the thermal receipt printer on a new till PC.

Registers the Epson TM-T20 as a raw CUPS queue, gives the till user access
to the USB printer node and sets it as the system default.
"""
import argparse
import getpass
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("printer-setup")

QUEUE = os.environ.get("RECEIPT_QUEUE", "receipts")
DEVICE_NODE = Path("/dev/usb/lp0")
DEVICE_URI = "usb://EPSON/TM-T20III?serial=X6JV000001"
CUPS_CLIENT_CONF = Path("/etc/cups/client.conf")


def sudo(*cmd, check=True, input_text=None):
    full = ["sudo", *cmd]
    LOG.info("$ %s", " ".join(full))
    return subprocess.run(full, check=check, text=True, input=input_text,
                          capture_output=True)


def queue_exists(name: str) -> bool:
    out = subprocess.run(["lpstat", "-p", name], capture_output=True, text=True)
    return out.returncode == 0


def add_queue(name: str, uri: str) -> None:
    if queue_exists(name):
        LOG.info("queue %s already present", name)
        return
    sudo("lpadmin", "-p", name, "-E", "-v", uri, "-m", "raw",
         "-D", "Front counter receipt printer", "-L", "Till 1")
    sudo("lpadmin", "-d", name)


def grant_device_access(user: str) -> None:
    sudo("usermod", "-aG", "lp", user)
    if DEVICE_NODE.exists():
        sudo("chgrp", "lp", str(DEVICE_NODE))
        sudo("chmod", "0660", str(DEVICE_NODE))
    else:
        LOG.warning("%s not present; is the printer switched on?", DEVICE_NODE)


def write_client_conf(server: str) -> None:
    content = f"# written by receipt_printer_setup\nServerName {server}\n"
    sudo("tee", str(CUPS_CLIENT_CONF), input_text=content)
    sudo("chmod", "0644", str(CUPS_CLIENT_CONF))


def test_print(name: str) -> None:
    ticket = (
        "Scales & Tails Reptile Supply\n"
        "------------------------------\n"
        "Printer test - if you can read\n"
        "this the till is ready.\n\n\n\n"
    )
    subprocess.run(["lp", "-d", name, "-o", "raw"], input=ticket, text=True, check=False)


def main():
    parser = argparse.ArgumentParser(description="Configure receipt printer")
    parser.add_argument("--user", default=getpass.getuser())
    parser.add_argument("--uri", default=DEVICE_URI)
    parser.add_argument("--cups-server", default="localhost")
    parser.add_argument("--no-test", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        add_queue(QUEUE, args.uri)
        grant_device_access(args.user)
        write_client_conf(args.cups_server)
    except subprocess.CalledProcessError as exc:
        LOG.error("step failed: %s\n%s", exc.cmd, exc.stderr)
        sys.exit(1)

    if not args.no_test:
        test_print(QUEUE)
    LOG.info("done - log out and back in for the lp group to apply")


if __name__ == "__main__":
    main()
