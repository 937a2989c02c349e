#!/usr/bin/env python3
"""logger_provision_sync.py - keep cold-room data loggers provisioned.

Reads the local inventory of USB temperature loggers, asks the vendor's
provisioning service for the current setup script and runs it so new
loggers get the right sampling interval and alarm thresholds.
"""
import argparse
import csv
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

PROVISION_BASE = os.environ.get(
    "PROVISION_BASE", "https://updates.example.net/coldroom/provision"
)

log = logging.getLogger("logger_provision")


@dataclass
class Logger:
    serial: str
    room: str
    interval_s: int
    low_c: float
    high_c: float


def load_inventory(path: Path) -> list:
    loggers = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                loggers.append(
                    Logger(
                        serial=row["serial"].strip(),
                        room=row["room"].strip(),
                        interval_s=int(row.get("interval_s") or 300),
                        low_c=float(row.get("low_c") or -22.0),
                        high_c=float(row.get("high_c") or -16.0),
                    )
                )
            except (KeyError, ValueError) as exc:
                log.warning("skipping bad inventory row %r: %s", row, exc)
    return loggers


def fetch_setup_script(channel: str, timeout: float) -> str:
    url = f"{PROVISION_BASE}/{channel}/setup.sh"
    log.info("fetching provisioning script from %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        if resp.status != 200:
            raise RuntimeError(f"provisioning server answered {resp.status}")
        return resp.read().decode("utf-8")


def run_setup_script(script_text: str, loggers: list, dry_run: bool) -> int:
    env = dict(os.environ)
    env["LOGGER_SPEC"] = json.dumps([l.__dict__ for l in loggers])
    with tempfile.NamedTemporaryFile(
        "w", suffix=".sh", prefix="provision_", delete=False
    ) as fh:
        fh.write(script_text)
        script_path = fh.name
    os.chmod(script_path, 0o700)
    log.info("wrote provisioning script to %s (%d bytes)", script_path, len(script_text))
    if dry_run:
        log.info("dry run: not executing %s", script_path)
        return 0
    try:
        result = subprocess.run(
            ["bash", script_path], env=env, capture_output=True, text=True
        )
        for line in result.stdout.splitlines():
            log.info("setup: %s", line)
        for line in result.stderr.splitlines():
            log.warning("setup: %s", line)
        return result.returncode
    finally:
        os.unlink(script_path)


def write_state(state_path: Path, loggers: list, rc: int) -> None:
    state = {
        "loggers": [l.serial for l in loggers],
        "last_rc": rc,
    }
    state_path.write_text(json.dumps(state, indent=2))


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--inventory", type=Path, default=Path("loggers.csv"))
    p.add_argument("--channel", default="stable")
    p.add_argument("--state", type=Path, default=Path("provision_state.json"))
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.inventory.exists():
        log.error("inventory %s not found", args.inventory)
        return 2
    loggers = load_inventory(args.inventory)
    if not loggers:
        log.error("no usable loggers in inventory")
        return 2
    log.info("%d loggers in inventory", len(loggers))
    try:
        script = fetch_setup_script(args.channel, args.timeout)
    except Exception as exc:  # noqa: BLE001
        log.error("could not fetch provisioning script: %s", exc)
        return 1
    rc = run_setup_script(script, loggers, args.dry_run)
    write_state(args.state, loggers, rc)
    log.info("provisioning finished with exit code %d", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
