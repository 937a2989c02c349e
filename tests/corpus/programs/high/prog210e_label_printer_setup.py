#!/usr/bin/env python3
"""Configure the shipping-label printer for the harp dispatch bench.

Writes default label options for CUPS and restarts the print service.
The system-level steps are collected into a bash script that is run with
elevated rights, so the operator only confirms once.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys
import tempfile

LOG = logging.getLogger("label-printer")

LPOPTIONS_PATH = "/etc/cups/lpoptions"
LABEL_SIZES = {
    "4x6": "w288h432",
    "4x4": "w288h288",
    "2x1": "w144h72",
}


def build_options(printer, size, darkness):
    media = LABEL_SIZES[size]
    lines = [
        f"Default {printer} media={media} PageSize={media} "
        f"Darkness={darkness} print-quality=4",
    ]
    return "\n".join(lines) + "\n"


def build_script(options_file, printer):
    q = shlex.quote
    return f"""#!/bin/bash
set -e
install -m 0644 -o root -g lp {q(options_file)} {q(LPOPTIONS_PATH)}
lpadmin -d {q(printer)}
cupsenable {q(printer)}
cupsaccept {q(printer)}
systemctl restart cups
systemctl is-active --quiet cups && echo "cups active"
"""


def printer_exists(name):
    try:
        out = subprocess.run(["lpstat", "-p", name], capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("printer", help="CUPS queue name, e.g. Zebra_GK420d")
    ap.add_argument("--size", choices=sorted(LABEL_SIZES), default="4x6")
    ap.add_argument("--darkness", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not 0 <= args.darkness <= 30:
        LOG.error("darkness must be 0-30")
        return 2
    if not printer_exists(args.printer):
        LOG.error("printer queue %s not found", args.printer)
        return 1

    options = build_options(args.printer, args.size, args.darkness)
    with tempfile.NamedTemporaryFile("w", suffix=".lpoptions",
                                     delete=False) as fh:
        fh.write(options)
        options_file = fh.name
    script = build_script(options_file, args.printer)

    try:
        if args.dry_run:
            print(script)
            return 0
        LOG.info("applying printer settings (sudo will ask for a password)")
        result = subprocess.run(["sudo", "bash", "-s"], input=script,
                                text=True)
        if result.returncode != 0:
            LOG.error("setup script failed with %d", result.returncode)
            return 1
        LOG.info("label printer %s set to %s", args.printer, args.size)
        return 0
    finally:
        os.unlink(options_file)


if __name__ == "__main__":
    sys.exit(main())
