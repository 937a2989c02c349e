#!/usr/bin/env python3
"""Deploy the seasonal irrigation programme to the controller host.

Takes the programme the course manager edited (zones.json in the working
directory), validates it, renders the controller's INI config and installs
it into /etc/golfclub/ with sudo, then restarts the controller service.
"""
import argparse
import configparser
import io
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("irrigation_deploy")

TARGET = "/etc/golfclub/irrigation.conf"
SERVICE = "irrigation-controller.service"

DEPLOY_SCRIPT = r"""#!/bin/bash
set -euo pipefail
sudo install -d -m 0755 -o root -g root "$(dirname "$TARGET")"
if [ -f "$TARGET" ]; then
    sudo cp -p "$TARGET" "$TARGET.bak"
fi
printf '%s\n' "$RENDERED_CONF" | sudo tee "$TARGET" >/dev/null
sudo chown root:irrigation "$TARGET"
sudo chmod 0640 "$TARGET"
sudo systemctl restart "$SERVICE"
systemctl is-active --quiet "$SERVICE" && echo "service active"
"""


class ProgrammeError(ValueError):
    pass


def validate(prog: dict) -> None:
    zones = prog.get("zones")
    if not isinstance(zones, list) or not zones:
        raise ProgrammeError("programme has no zones")
    seen = set()
    for z in zones:
        zid = z.get("id")
        if not zid or zid in seen:
            raise ProgrammeError(f"missing or duplicate zone id {zid!r}")
        seen.add(zid)
        minutes = z.get("minutes", 0)
        if not 0 <= minutes <= 90:
            raise ProgrammeError(f"zone {zid}: run time {minutes} out of range")
        if z.get("start", "") and len(z["start"]) != 5:
            raise ProgrammeError(f"zone {zid}: start must be HH:MM")


def render(prog: dict) -> str:
    cp = configparser.ConfigParser()
    cp["controller"] = {
        "address": prog.get("controller", "192.0.2.30"),
        "port": str(prog.get("port", 502)),
        "rain_sensor": "yes" if prog.get("rain_sensor", True) else "no",
    }
    for z in prog["zones"]:
        cp[f"zone:{z['id']}"] = {
            "valve": str(z.get("valve", 0)),
            "start": z.get("start", "04:00"),
            "minutes": str(z.get("minutes", 0)),
            "days": ",".join(z.get("days", ["mon", "wed", "fri"])),
        }
    buf = io.StringIO()
    cp.write(buf)
    return buf.getvalue()


def deploy(rendered: str, target: str, service: str, dry_run: bool) -> int:
    if dry_run:
        print(rendered)
        LOG.info("dry run, would install to %s and restart %s", target, service)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(DEPLOY_SCRIPT)
        script = fh.name
    env = dict(os.environ, TARGET=target, SERVICE=service, RENDERED_CONF=rendered)
    try:
        res = subprocess.run(["bash", script], env=env, text=True,
                             capture_output=True)
    finally:
        os.unlink(script)
    if res.returncode != 0:
        LOG.error("deploy failed: %s", res.stderr.strip())
    else:
        LOG.info("%s", res.stdout.strip() or "deployed")
    return res.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("programme", type=Path, nargs="?", default=Path("zones.json"))
    ap.add_argument("--target", default=TARGET)
    ap.add_argument("--service", default=SERVICE)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        prog = json.loads(args.programme.read_text())
        validate(prog)
    except (OSError, json.JSONDecodeError, ProgrammeError) as exc:
        LOG.error("cannot use programme %s: %s", args.programme, exc)
        return 1
    LOG.info("programme ok: %d zones", len(prog["zones"]))
    return deploy(render(prog), args.target, args.service, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
