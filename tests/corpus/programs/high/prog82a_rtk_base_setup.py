#!/usr/bin/env python3
"""Prepare a field laptop as an RTK base station for GCP surveys.

Finds the u-blox / Septentrio receiver on USB, gives it a stable device name
and open permissions so the crew account can run str2str without fiddling,
and writes an RTKLIB str2str profile into the project folder.
"""
import argparse
import configparser
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("rtk-base")

KNOWN_RECEIVERS = {
    ("1546", "01a9"): "ublox-f9p",
    ("1546", "01a8"): "ublox-m8",
    ("152a", "85c0"): "septentrio-mosaic",
}
SYS_USB = Path("/sys/bus/usb/devices")
RULES_DIR = Path(os.environ.get("UDEV_RULES_DIR", "/etc/udev/rules.d"))
RULE_NAME = "99-gnss-base.rules"


def find_receivers():
    for dev in SYS_USB.iterdir():
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        model = KNOWN_RECEIVERS.get((vid, pid))
        if not model:
            continue
        serial = (dev / "serial").read_text().strip() if (dev / "serial").exists() else ""
        ttys = sorted(dev.glob("*:*/tty/tty*")) + sorted(dev.glob("*:*/tty*"))
        tty = next((Path("/dev") / t.name for t in ttys if t.name.startswith("tty")), None)
        yield {"model": model, "vid": vid, "pid": pid, "serial": serial, "tty": tty}


def udev_rule(rx):
    match = f'ATTRS{{idVendor}}=="{rx["vid"]}", ATTRS{{idProduct}}=="{rx["pid"]}"'
    if rx["serial"]:
        match += f', ATTRS{{serial}}=="{rx["serial"]}"'
    return f'SUBSYSTEM=="tty", {match}, SYMLINK+="gnss-base", MODE="0666"\n'


def install_rule(rx, dry_run=False):
    target = RULES_DIR / RULE_NAME
    text = f"# {rx['model']} base receiver\n" + udev_rule(rx)
    if dry_run:
        log.info("would write %s:\n%s", target, text)
        return target
    target.write_text(text)
    os.chmod(target, 0o644)
    log.info("wrote %s", target)
    return target


def open_tty(tty: Path, dry_run=False):
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP | stat.S_IROTH | stat.S_IWOTH
    if dry_run:
        log.info("would chmod %o %s", mode, tty)
        return
    os.chmod(tty, mode)
    log.info("%s is now usable by the crew account", tty)


def write_profile(project: Path, rx, base_llh, baud):
    cfg = configparser.ConfigParser()
    cfg["input"] = {"path": f"serial://gnss-base:{baud}#ubx" if rx["model"].startswith("ublox")
                    else f"serial://gnss-base:{baud}#sbf"}
    cfg["output"] = {"file": str(project / "base" / "base_%Y%m%d%h.ubx"),
                     "ntrip": "ntrips://:password@localhost:2101/BASE"}
    cfg["station"] = {"llh": base_llh or "auto", "model": rx["model"]}
    out = project / "base" / "str2str.ini"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w") as fh:
        cfg.write(fh)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up an RTK base receiver")
    ap.add_argument("project", type=Path)
    ap.add_argument("--llh", help="known base position 'lat lon h', default: average on site")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    receivers = list(find_receivers())
    if not receivers:
        log.error("no supported GNSS receiver on USB")
        return 1
    rx = receivers[0]
    log.info("found %s serial=%s tty=%s", rx["model"], rx["serial"] or "-", rx["tty"])

    try:
        install_rule(rx, args.dry_run)
        if rx["tty"]:
            open_tty(rx["tty"], args.dry_run)
    except PermissionError as exc:
        log.error("%s - run this once with administrator rights", exc)
        return 3

    profile = write_profile(args.project, rx, args.llh, args.baud)
    log.info("str2str profile: %s", profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
