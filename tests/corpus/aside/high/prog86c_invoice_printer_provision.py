#!/usr/bin/env python3
"""Provision the front-desk invoice printers from printers.yaml.

The front desk prints buyer invoices on two A4 lasers and the lot-label
printer.  Rather than clicking through the CUPS web UI on every new PC, this
reads printers.yaml from the IT share and writes the queue definitions and
the PPD files straight into the CUPS configuration, then restarts the
scheduler so the queues appear.  Has to be run as root.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("printer_provision")

CUPS_ROOT = Path(os.environ.get("CUPS_ROOT", "/etc/cups"))
PPD_SOURCE = Path("ppd")

QUEUE_TEMPLATE = """<Printer {name}>
Info {info}
Location {location}
MakeModel {model}
DeviceURI {uri}
State Idle
Accepting Yes
Shared No
JobSheets none none
QuotaPeriod 0
PageLimit 0
KLimit 0
OpPolicy default
ErrorPolicy retry-job
Option media {media}
</Printer>
"""


def load_printers(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    printers = doc.get("printers", [])
    for p in printers:
        missing = {"name", "uri", "ppd"} - p.keys()
        if missing:
            raise ValueError(f"printer entry {p!r} missing {sorted(missing)}")
    return printers


def render_queues(printers):
    blocks = []
    for p in printers:
        blocks.append(QUEUE_TEMPLATE.format(
            name=p["name"],
            info=p.get("info", p["name"]),
            location=p.get("location", "Front desk"),
            model=p.get("model", "Generic PCL Laser"),
            uri=p["uri"],
            media=p.get("media", "iso_a4_210x297mm"),
        ))
    return "".join(blocks)


def install_ppds(printers):
    ppd_dir = CUPS_ROOT / "ppd"
    ppd_dir.mkdir(parents=True, exist_ok=True)
    for p in printers:
        src = PPD_SOURCE / p["ppd"]
        dst = ppd_dir / f"{p['name']}.ppd"
        shutil.copyfile(src, dst)
        os.chmod(dst, 0o644)
        os.chown(dst, 0, 7)  # root:lp
        log.info("installed %s", dst)


def write_printers_conf(text):
    conf = CUPS_ROOT / "printers.conf"
    if conf.exists():
        backup = conf.with_name(f"printers.conf.{int(time.time())}.bak")
        shutil.copy2(conf, backup)
        log.info("backed up %s to %s", conf, backup.name)
    conf.write_text(text)
    os.chmod(conf, 0o600)


def restart_scheduler():
    for unit in ("cups.service", "cups.socket"):
        subprocess.run(["systemctl", "stop", unit], check=False)
    subprocess.run(["systemctl", "start", "cups.service"], check=True)
    log.info("cups restarted")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", nargs="?", default="printers.yaml")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must be run as root")
        return 1
    try:
        printers = load_printers(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.config, exc)
        return 2
    if not printers:
        log.warning("no printers defined, nothing to do")
        return 0

    install_ppds(printers)
    write_printers_conf(render_queues(printers))
    if not args.no_restart:
        restart_scheduler()
    log.info("provisioned %d queue(s)", len(printers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
