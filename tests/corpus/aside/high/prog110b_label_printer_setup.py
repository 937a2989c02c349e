#!/usr/bin/env python3
"""Set up a Zebra label printer on a shop back-office PC.

Detects a USB Zebra (GK420d / ZD421) or takes a network address, registers
it with CUPS as a raw queue so ZPL passes straight through, optionally makes
it the default, and opens up the USB device node so the shelf-label tool
can also write ZPL directly when CUPS is being difficult.
"""

import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("printer-setup")

ZEBRA_VENDOR = "MFG:Zebra"


def as_admin(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    full = prefix + cmd
    LOG.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def detect_usb_zebra():
    """Return (device node, model string) for the first Zebra on usblp."""
    for node in sorted(glob.glob("/dev/usb/lp*")):
        idfile = Path("/sys/class/usbmisc") / Path(node).name / "device" / "ieee1284_id"
        try:
            ident = idfile.read_text(errors="replace")
        except OSError:
            continue
        if ZEBRA_VENDOR in ident:
            model = next((p.split(":", 1)[1] for p in ident.split(";") if p.startswith("MDL:")), "Zebra")
            return node, model
    return None, None


def register_queue(name, uri, location, description, make_default):
    if shutil.which("lpadmin") is None:
        raise RuntimeError("CUPS (lpadmin) is not installed")
    args = ["lpadmin", "-p", name, "-E", "-v", uri, "-m", "raw"]
    if location:
        args += ["-L", location]
    if description:
        args += ["-D", description]
    as_admin(args)
    as_admin(["cupsenable", name])
    as_admin(["cupsaccept", name])
    if make_default:
        as_admin(["lpadmin", "-d", name])
    LOG.info("queue %s -> %s registered", name, uri)


def open_device_node(node):
    """Let shop users write ZPL straight to the printer device."""
    mode = 0o666
    try:
        os.chmod(node, mode)
    except PermissionError:
        as_admin(["chmod", format(mode, "o"), node])
    LOG.info("%s is now mode %o", node, mode)


def test_print(queue, node, direct):
    zpl = "^XA^FO40,40^A0N,40,40^FDLabel test - cellar printer^FS^XZ\n"
    if direct and node:
        with open(node, "w") as dev:
            dev.write(zpl)
    else:
        subprocess.run(["lp", "-d", queue, "-o", "raw"], input=zpl, text=True, check=True)
    LOG.info("test label sent")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="shelf_labels")
    parser.add_argument("--host", help="network printer address (uses socket://host:9100)")
    parser.add_argument("--location", default="Back office")
    parser.add_argument("--default", action="store_true", help="make this the default printer")
    parser.add_argument("--no-direct", action="store_true", help="leave the USB node alone")
    parser.add_argument("--test", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    node = None
    if args.host:
        uri, description = f"socket://{args.host}:9100", f"Zebra at {args.host}"
    else:
        node, model = detect_usb_zebra()
        if node is None:
            LOG.error("no USB Zebra found; pass --host for a network printer")
            return 1
        uri, description = f"parallel:{node}", model
        LOG.info("found %s on %s", model, node)

    try:
        register_queue(args.name, uri, args.location, description, args.default)
        if node and not args.no_direct:
            open_device_node(node)
        if args.test:
            test_print(args.name, node, direct=bool(node and not args.no_direct))
    except subprocess.CalledProcessError as exc:
        LOG.error("%s failed: %s", exc.cmd, (exc.stderr or "").strip())
        return 2
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
