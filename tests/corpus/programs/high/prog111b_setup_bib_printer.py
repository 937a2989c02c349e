#!/usr/bin/env python3
"""Set up the thermal bib/label printer used at packet pickup.

The Zebra-style printer turns up as /dev/usb/lpN with root-only permissions
and a different N every time someone plugs it into another port. This
installs a udev rule that gives it a stable /dev/bibprinter name and opens
it up to the expo volunteers' account, then sends a test label.

Run once per laptop. Re-executes itself with sudo if needed.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("bib_printer")

RULE_PATH = "/etc/udev/rules.d/72-bib-printer.rules"
RULE_TEMPLATE = (
    '# installed by setup_bib_printer.py\n'
    'SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", MODE="0666", SYMLINK+="bibprinter"\n'
)
TEST_LABEL = (
    "^XA^CF0,60^FO40,40^FDRIVERSIDE HALF^FS"
    "^CF0,140^FO40,120^FD{bib}^FS"
    "^BY3^FO40,290^BCN,80,Y,N,N^FDB{bib:06d}^FS^XZ"
)


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        sys.exit("needs root and sudo is not available")
    log.info("re-running with sudo")
    os.execv(sudo, [sudo, sys.executable, os.path.abspath(__file__)] + argv)


def find_printer_ids():
    """Return (vendor, product) of the first USB printer-class device."""
    for dev in glob.glob("/sys/bus/usb/devices/*"):
        try:
            with open(os.path.join(dev, "bDeviceClass")) as fh:
                dev_class = fh.read().strip()
            ifaces = glob.glob(dev + "/*:*/bInterfaceClass")
            classes = {open(p).read().strip() for p in ifaces}
            if dev_class == "07" or "07" in classes:
                with open(os.path.join(dev, "idVendor")) as v, open(os.path.join(dev, "idProduct")) as p:
                    return v.read().strip(), p.read().strip()
        except OSError:
            continue
    return None


def install_rule(vendor, product):
    rule = RULE_TEMPLATE.format(vendor=vendor, product=product)
    if os.path.exists(RULE_PATH) and open(RULE_PATH).read() == rule:
        log.info("udev rule already current")
    else:
        with open(RULE_PATH, "w") as fh:
            fh.write(rule)
        os.chmod(RULE_PATH, 0o644)
        log.info("wrote %s", RULE_PATH)
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=usbmisc"], check=True)


def open_current_nodes():
    """Apply the same permissions now so nobody has to replug before the expo opens."""
    nodes = glob.glob("/dev/usb/lp*")
    for node in nodes:
        os.chmod(node, 0o666)
        log.info("opened %s", node)
    return nodes


def print_test(bib):
    for _ in range(10):
        if os.path.exists("/dev/bibprinter"):
            break
        time.sleep(0.5)
    target = "/dev/bibprinter" if os.path.exists("/dev/bibprinter") else (glob.glob("/dev/usb/lp*") or [None])[0]
    if not target:
        log.warning("no printer node to test")
        return
    with open(target, "wb") as fh:
        fh.write(TEST_LABEL.format(bib=bib).encode("ascii"))
    log.info("test label %d sent to %s", bib, target)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vendor", help="USB vendor id (autodetected)")
    ap.add_argument("--product", help="USB product id (autodetected)")
    ap.add_argument("--test-bib", type=int, default=1234)
    ap.add_argument("--no-test", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root(sys.argv[1:])
    ids = (args.vendor, args.product) if args.vendor and args.product else find_printer_ids()
    if not ids:
        sys.exit("no USB printer found - is it plugged in and switched on?")
    log.info("printer %s:%s", *ids)
    try:
        install_rule(*ids)
    except (OSError, subprocess.CalledProcessError) as exc:
        sys.exit("could not install udev rule: %s" % exc)
    open_current_nodes()
    if not args.no_test:
        print_test(args.test_bib)


if __name__ == "__main__":
    main()
