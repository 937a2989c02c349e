#!/usr/bin/env python3
"""Install and restart the print service for the warehouse label printers.

Checks which printing packages are missing on the dock PC, installs them
with the system package manager and restarts CUPS so the label printers
show up for the inventory app.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("label-server")

DEFAULT_PACKAGES = ["cups", "cups-client", "cups-bsd", "printer-driver-dymo"]

INSTALL_SCRIPT = r"""
set -e
export DEBIAN_FRONTEND=noninteractive
echo "updating package lists"
sudo apt-get update -qq
echo "installing: $PKGS"
sudo apt-get install -y --no-install-recommends $PKGS
echo "restarting cups"
sudo systemctl restart cups
systemctl is-active cups
"""


class PackageState:
    def __init__(self, packages):
        self.packages = packages
        self.missing = []

    def probe(self):
        if shutil.which("dpkg-query") is None:
            raise RuntimeError("dpkg-query not found; this tool supports Debian/Ubuntu only")
        for pkg in self.packages:
            proc = subprocess.run(
                ["dpkg-query", "-W", "-f=${Status}", pkg],
                capture_output=True, text=True,
            )
            if "install ok installed" not in proc.stdout:
                self.missing.append(pkg)
        return self.missing


def list_printers():
    if shutil.which("lpstat") is None:
        return []
    proc = subprocess.run(["lpstat", "-p"], capture_output=True, text=True)
    return [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("printer ")]


def install(packages):
    env = dict(os.environ, PKGS=" ".join(packages))
    proc = subprocess.Popen(["bash", "-c", INSTALL_SCRIPT], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        log.info("install: %s", line.rstrip())
    return proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--package", action="append", dest="packages",
                    help="package to ensure (repeatable)")
    ap.add_argument("--check", action="store_true", help="only report missing packages")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = PackageState(args.packages or DEFAULT_PACKAGES)
    try:
        missing = state.probe()
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    if not missing:
        log.info("all print packages present; printers: %s", ", ".join(list_printers()) or "none")
        return 0
    log.info("missing packages: %s", " ".join(missing))
    if args.check:
        return 1
    rc = install(missing)
    if rc != 0:
        log.error("installation failed with exit code %d", rc)
        return rc
    log.info("printers now visible: %s", ", ".join(list_printers()) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
