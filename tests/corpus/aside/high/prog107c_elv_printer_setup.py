#!/usr/bin/env python3
"""Set up the Certificate of Destruction printer on a yard office PC.

CoDs for end-of-life vehicles are printed on pre-numbered security paper in
tray 2 of the office laser.  This installs the vendor PPD shipped in
./drivers, creates the CUPS queue "cod-tray2" with the right tray and media
defaults, and restarts CUPS so the ELV desk app picks it up.

    elv_printer_setup.py --uri ipp://10.10.0.31/ipp/print
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cod-printer")
MODEL_DIR = Path("/usr/share/cups/model/yard")
QUEUE_DEFAULTS = {
    "InputSlot": "Tray2",
    "PageSize": "A4",
    "Duplex": "None",
    "MediaType": "Bond",
    "printer-error-policy": "abort-job",
}


def elevation() -> list:
    """Prefer a polkit prompt on the office desktop, fall back to sudo."""
    if os.geteuid() == 0:
        return []
    if os.environ.get("DISPLAY") and shutil.which("pkexec"):
        return ["pkexec"]
    return ["sudo"]


class CupsSetup:
    def __init__(self, queue: str, uri: str, ppd: Path, dry_run: bool):
        self.queue, self.uri, self.ppd = queue, uri, ppd
        self.dry_run = dry_run
        self.elev = elevation()

    def _run(self, *cmd: str, privileged: bool = True) -> None:
        full = (self.elev if privileged else []) + list(cmd)
        if self.dry_run:
            LOG.info("dry-run: %s", " ".join(full))
            return
        LOG.debug("exec %s", full)
        subprocess.run(full, check=True)

    def install_ppd(self) -> Path:
        target = MODEL_DIR / self.ppd.name
        self._run("install", "-d", "-m", "0755", str(MODEL_DIR))
        self._run("install", "-m", "0644", str(self.ppd), str(target))
        LOG.info("PPD installed as %s", target)
        return target

    def create_queue(self, ppd_path: Path) -> None:
        self._run("lpadmin", "-p", self.queue, "-E", "-v", self.uri, "-P", str(ppd_path),
                  "-D", "ELV Certificate of Destruction (tray 2)", "-L", "Yard office")
        for key, val in QUEUE_DEFAULTS.items():
            self._run("lpadmin", "-p", self.queue, "-o", f"{key}={val}")
        self._run("cupsenable", self.queue)
        self._run("cupsaccept", self.queue)

    def restart(self) -> None:
        self._run("systemctl", "restart", "cups.service")

    def test_page(self) -> None:
        self._run("lp", "-d", self.queue, "-o", "InputSlot=Tray1",
                  "/usr/share/cups/data/testprint", privileged=False)


def find_ppd(drivers: Path, model: str) -> Path:
    matches = sorted(p for p in drivers.glob("*.ppd") if model.lower() in p.name.lower())
    if not matches:
        raise FileNotFoundError(f"no PPD for {model!r} in {drivers}")
    return matches[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uri", required=True)
    ap.add_argument("--queue", default="cod-tray2")
    ap.add_argument("--model", default="MX622")
    ap.add_argument("--drivers", type=Path, default=Path("drivers"))
    ap.add_argument("--test-page", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which("lpadmin"):
        LOG.error("CUPS client tools are not installed")
        return 2
    try:
        ppd = find_ppd(args.drivers, args.model)
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 2

    setup = CupsSetup(args.queue, args.uri, ppd, args.dry_run)
    try:
        installed = setup.install_ppd()
        setup.create_queue(installed)
        setup.restart()
        if args.test_page:
            setup.test_page()
    except subprocess.CalledProcessError as exc:
        LOG.error("step failed (%s): exit %d", " ".join(exc.cmd), exc.returncode)
        return 1
    LOG.info("queue %s ready", args.queue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
