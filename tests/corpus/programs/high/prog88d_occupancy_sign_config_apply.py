#!/usr/bin/env python3
"""Apply the sign inventory to the occupancy sign daemon.

The estates team keeps the list of entrance/level signs in signs.yaml in the
site repo. This tool validates it, renders the daemon's INI config, installs
it atomically and asks the daemon to reload without dropping the sign links.
"""
import argparse
import configparser
import difflib
import io
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

log = logging.getLogger("sign-config")

CONFIG_TARGET = "/etc/occupancy-signd/signs.conf"
SERVICE = "occupancy-signd.service"


class InventoryError(ValueError):
    pass


def load_inventory(path):
    with open(path, encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    signs = doc.get("signs", [])
    seen = set()
    for s in signs:
        for key in ("address", "host", "zones"):
            if key not in s:
                raise InventoryError("sign entry missing {!r}: {}".format(key, s))
        try:
            ipaddress.ip_address(s["host"])
        except ValueError:
            raise InventoryError("sign {} has non-IP host {!r}".format(s["address"], s["host"]))
        if s["address"] in seen:
            raise InventoryError("duplicate sign address {}".format(s["address"]))
        seen.add(s["address"])
    return doc.get("daemon", {}), signs


def render(daemon, signs):
    cp = configparser.ConfigParser()
    cp["daemon"] = {
        "counts_url": daemon.get("counts_url", "http://127.0.0.1:8081/zones"),
        "interval": str(daemon.get("interval", 20)),
        "full_threshold": str(daemon.get("full_threshold", 5)),
    }
    for s in sorted(signs, key=lambda x: x["address"]):
        cp["sign.{:02d}".format(s["address"])] = {
            "host": s["host"],
            "port": str(s.get("port", 3001)),
            "zones": ",".join(s["zones"]),
            "label": s.get("label", ""),
        }
    buf = io.StringIO()
    buf.write("# managed by sign_config_apply.py - edit signs.yaml instead\n")
    cp.write(buf)
    return buf.getvalue()


def show_diff(old, new):
    diff = difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                CONFIG_TARGET + ".old", CONFIG_TARGET)
    text = "".join(diff)
    if text:
        sys.stdout.write(text)
    return bool(text)


def install(text, target=CONFIG_TARGET):
    directory = os.path.dirname(target)
    os.makedirs(directory, mode=0o755, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".signs.", dir=directory)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        if os.path.exists(target):
            shutil.copy2(target, target + ".bak")
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def reload_daemon(service=SERVICE):
    ctl = shutil.which("systemctl") or "/bin/systemctl"
    res = subprocess.run([ctl, "reload-or-restart", service],
                         capture_output=True, text=True, timeout=30)
    if res.returncode != 0:
        log.error("reload failed: %s", res.stderr.strip())
        return False
    state = subprocess.run([ctl, "is-active", service], capture_output=True, text=True)
    log.info("%s is %s", service, state.stdout.strip())
    return state.stdout.strip() == "active"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inventory", nargs="?", default="signs.yaml")
    ap.add_argument("--check", action="store_true", help="validate and diff only")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        daemon, signs = load_inventory(args.inventory)
    except (OSError, yaml.YAMLError, InventoryError) as exc:
        log.error("inventory invalid: %s", exc)
        return 2

    new = render(daemon, signs)
    try:
        with open(CONFIG_TARGET, encoding="utf-8") as fh:
            old = fh.read()
    except FileNotFoundError:
        old = ""
    if not show_diff(old, new):
        log.info("config unchanged (%d signs)", len(signs))
        return 0
    if args.check:
        return 0

    try:
        install(new)
    except PermissionError:
        log.error("cannot write %s - run on the sign controller as the ops account", CONFIG_TARGET)
        return 1
    log.info("installed %s with %d signs", CONFIG_TARGET, len(signs))
    if not args.no_reload and not reload_daemon():
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
