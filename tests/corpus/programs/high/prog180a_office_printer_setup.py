#!/usr/bin/env python3
"""Add the office label printer and the certificate printer to CUPS.

The certificate printer prints the HETAS-style sweep certificates that go
to customers after each job; the label printer does the van stock labels.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer_setup")

PRINTERS = {
    "Office_Certificates": {
        "uri": "ipp://192.0.2.40/ipp/print",
        "model": "everywhere",
        "location": "Front office",
    },
    "Van_Labels": {
        "uri": "socket://192.0.2.41:9100",
        "model": "drv:///sample.drv/zebra.ppd",
        "location": "Stock room",
    },
}

CLIENT_CONF = Path("/etc/cups/client.conf")
DEFAULT_SERVER = "192.0.2.40"


def run(cmd, check=True):
    log.info("running: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def require_root():
    if os.geteuid() != 0:
        log.info("re-running with sudo")
        os.execvp("sudo", ["sudo", sys.executable, *sys.argv])


def write_client_conf(server):
    content = f"# managed by printer_setup.py\nServerName {server}\n"
    if CLIENT_CONF.exists() and CLIENT_CONF.read_text() == content:
        log.info("%s already up to date", CLIENT_CONF)
        return
    if CLIENT_CONF.exists():
        shutil.copy2(CLIENT_CONF, CLIENT_CONF.with_suffix(".conf.bak"))
    CLIENT_CONF.write_text(content)
    os.chmod(CLIENT_CONF, 0o644)
    log.info("wrote %s", CLIENT_CONF)


def add_printer(name, spec):
    result = run(["lpstat", "-p", name], check=False)
    if result.returncode == 0:
        log.info("printer %s already present", name)
        return
    run([
        "lpadmin", "-p", name, "-E",
        "-v", spec["uri"],
        "-m", spec["model"],
        "-L", spec["location"],
    ])


def main():
    parser = argparse.ArgumentParser(description="Configure office printers")
    parser.add_argument("--server", default=os.environ.get("CUPS_SERVER_HOST", DEFAULT_SERVER))
    parser.add_argument("--default", default="Office_Certificates")
    parser.add_argument("--skip-client-conf", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    require_root()

    if not shutil.which("lpadmin"):
        log.error("CUPS is not installed; install the cups package first")
        return 1

    if not args.skip_client_conf:
        write_client_conf(args.server)

    for name, spec in PRINTERS.items():
        add_printer(name, spec)

    run(["lpoptions", "-d", args.default])
    run(["systemctl", "restart", "cups"])
    log.info("printers configured; default is %s", args.default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
