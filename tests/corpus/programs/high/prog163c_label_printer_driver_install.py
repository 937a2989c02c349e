#!/usr/bin/env python3
"""Install the packet-label printer driver on a seed bank workstation.

Copies the vendor PPD shipped in ./drivers into the CUPS model directory,
registers the queue and restarts CUPS so the queue shows up for everyone.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer-install")

PRINTER = {
    "queue": "packet-labels",
    "uri": "socket://192.0.2.40:9100",
    "ppd": "thermal-58mm.ppd",
    "location": "Seed packing table",
    "options": {"PageSize": "w162h90", "Darkness": "12"},
}

CUPS_MODEL_DIR = Path("/usr/share/cups/model/seedbank")
DRIVER_DIR = Path(__file__).resolve().parent / "drivers"


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def have_cups():
    return shutil.which("lpadmin") is not None and shutil.which("lpstat") is not None


def install_ppd(source_dir, name):
    source = source_dir / name
    if not source.is_file():
        raise FileNotFoundError(f"driver file missing: {source}")
    privileged(["mkdir", "-p", str(CUPS_MODEL_DIR)])
    target = CUPS_MODEL_DIR / name
    privileged(["install", "-m", "0644", "-o", "root", "-g", "root", str(source), str(target)])
    log.info("driver installed at %s", target)
    return target


def queue_exists(queue):
    result = subprocess.run(["lpstat", "-p", queue], capture_output=True, text=True)
    return result.returncode == 0


def register_queue(ppd_path, cfg):
    cmd = [
        "lpadmin", "-p", cfg["queue"], "-E",
        "-v", cfg["uri"],
        "-P", str(ppd_path),
        "-L", cfg["location"],
    ]
    for key, value in cfg["options"].items():
        cmd += ["-o", f"{key}={value}"]
    privileged(cmd)
    log.info("queue %s registered", cfg["queue"])


def restart_cups():
    privileged(["systemctl", "restart", "cups"])
    privileged(["systemctl", "enable", "cups"])
    log.info("cups restarted")


def print_test(queue, text):
    proc = subprocess.run(["lp", "-d", queue], input=text, text=True, capture_output=True)
    if proc.returncode != 0:
        log.warning("test print failed: %s", proc.stderr.strip())
    else:
        log.info("test label sent: %s", proc.stdout.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--driver-dir", type=Path, default=DRIVER_DIR)
    parser.add_argument("--reinstall", action="store_true")
    parser.add_argument("--test", action="store_true", help="print a test label afterwards")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not have_cups():
        log.error("CUPS tools not found; install the cups package first")
        sys.exit(1)

    if queue_exists(PRINTER["queue"]) and not args.reinstall:
        log.info("queue %s already present; use --reinstall to replace", PRINTER["queue"])
    else:
        try:
            ppd = install_ppd(args.driver_dir, PRINTER["ppd"])
            register_queue(ppd, PRINTER)
            restart_cups()
        except (subprocess.CalledProcessError, FileNotFoundError) as exc:
            log.error("install failed: %s", exc)
            sys.exit(1)

    if args.test:
        print_test(PRINTER["queue"], "Seed bank test label\nTomato 'Brandywine'\nLot T-0001\n")


if __name__ == "__main__":
    main()
