#!/usr/bin/env python3
"""Set up the USB temperature loggers on a vaccine fridge workstation.

Lists USB serial adapters, asks udev for their vendor/model/serial, writes a
udev rules file that gives each logger a stable name (/dev/vaxfridge-<label>)
and installs it, loading the serial driver and reloading udev so the
monitoring service sees the loggers straight away.

Config (fridges.ini):
    [fridges]
    F1 = FT4TXQ2A      ; logger serial -> fridge label
    F2 = 0001A7C3
"""
import argparse
import configparser
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("sensor-setup")

KNOWN_ADAPTERS = {
    ("10c4", "ea60"): ("Silicon Labs CP210x", "cp210x"),
    ("0403", "6001"): ("FTDI FT232R", "ftdi_sio"),
    ("067b", "2303"): ("Prolific PL2303", "pl2303"),
}
RULES_DEST = Path("/etc/udev/rules.d/99-vaccine-fridge.rules")
RULE_TEMPLATE = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", ATTRS{{idProduct}}=="{product}", '
                 'ATTRS{{serial}}=="{serial}", SYMLINK+="vaxfridge-{label}", GROUP="dialout", MODE="0660"\n')


def as_admin(cmd):
    """Prefix a command so it runs with admin rights when we are not root."""
    if os.geteuid() == 0:
        return cmd
    helper = shutil.which("sudo") or shutil.which("doas")
    if not helper:
        raise SystemExit("need root (no sudo/doas found)")
    return [helper] + cmd


def run(cmd, **kw):
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=30, **kw)


def tty_devices(sys_root="/sys/class/tty"):
    for name in sorted(os.listdir(sys_root)):
        if name.startswith(("ttyUSB", "ttyACM")):
            yield "/dev/" + name


def udev_properties(devnode):
    out = run(["udevadm", "info", "--query=property", f"--name={devnode}"]).stdout
    return dict(line.partition("=")[::2] for line in out.splitlines() if "=" in line)


def load_labels(path):
    cfg = configparser.ConfigParser(inline_comment_prefixes=(";", "#"))
    if not cfg.read(path) or not cfg.has_section("fridges"):
        return {}
    return {serial.upper(): label for label, serial in cfg.items("fridges")}


def discover(labels):
    found = []
    for dev in tty_devices():
        try:
            props = udev_properties(dev)
        except (subprocess.SubprocessError, FileNotFoundError) as exc:
            log.warning("skipping %s: %s", dev, exc)
            continue
        key = (props.get("ID_VENDOR_ID", ""), props.get("ID_MODEL_ID", ""))
        if key not in KNOWN_ADAPTERS:
            continue
        kind, driver = KNOWN_ADAPTERS[key]
        serial = props.get("ID_SERIAL_SHORT", "")
        found.append({"dev": dev, "vendor": key[0], "product": key[1], "serial": serial,
                      "label": labels.get(serial.upper(), serial.lower()), "kind": kind, "driver": driver})
    return found


def render_rules(devices):
    lines = ["# managed by fridge_sensor_setup\n"]
    for d in devices:
        lines.append(f"# {d['dev']}: {d['kind']}\n")
        lines.append(RULE_TEMPLATE.format(**d))
    return "".join(lines)


def install(devices, staging):
    staged = Path(staging) / RULES_DEST.name
    staged.parent.mkdir(parents=True, exist_ok=True)
    staged.write_text(render_rules(devices))
    run(as_admin(["install", "-m", "0644", "-o", "root", "-g", "root", str(staged), str(RULES_DEST)]))
    log.info("installed %s", RULES_DEST)

    for driver in sorted({d["driver"] for d in devices}):
        run(as_admin(["modprobe", driver]))
        log.info("loaded kernel module %s", driver)

    run(as_admin(["udevadm", "control", "--reload-rules"]))
    run(as_admin(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"]))
    for d in devices:
        run(as_admin(["chmod", "0666", d["dev"]]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="fridges.ini")
    ap.add_argument("--staging", default="generated")
    ap.add_argument("--no-install", dest="install", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    devices = discover(load_labels(args.config))
    if not devices:
        log.error("no temperature loggers found - check the USB cables")
        return 1
    for d in devices:
        log.info("%-14s %-20s serial=%s -> /dev/vaxfridge-%s", d["dev"], d["kind"], d["serial"], d["label"])
    if not args.install:
        print(render_rules(devices))
        return 0
    try:
        install(devices, args.staging)
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s\n%s", " ".join(exc.cmd), exc.stderr)
        return 3
    print("Loggers installed; restart the vaxwatch service to pick them up.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
