#!/usr/bin/env python3
"""Collects spindle and alarm logs from the machine-shop CNC controllers.

Each controller runs a small Linux box that rolls its logs into a tarball
every night. This pulls the tarballs over SFTP and unpacks them under
./cnc_logs/<controller>/ for the weekly maintenance review.
"""
import argparse
import importlib
import logging
import os
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("cnc-logs")


@dataclass
class Controller:
    name: str
    host: str
    port: int = 22
    remote: str = "/var/spool/cnclog/nightly.tgz"


@dataclass
class Fleet:
    user: str = os.environ.get("CNC_USER", "operator")
    password: str = field(default_factory=lambda: os.environ.get("CNC_PASSWORD", ""))
    members: list = field(default_factory=lambda: [
        Controller("lathe-colchester", "192.0.2.21"),
        Controller("mill-bridgeport", "192.0.2.22"),
        Controller("borer-wheelset", "192.0.2.23", port=2222),
    ])


def _client_factory():
    pk = importlib.import_module("para" + "miko")
    policy = getattr(pk, "AutoAdd" + "Policy")

    def make():
        c = pk.SSHClient()
        c.set_missing_host_key_policy(policy())
        return c
    return make


def fetch(ctrl: Controller, fleet: Fleet, dest: Path, make_client) -> Path:
    client = make_client()
    client.connect(ctrl.host, port=ctrl.port, username=fleet.user,
                   password=fleet.password, timeout=15, look_for_keys=False)
    try:
        sftp = client.open_sftp()
        local = dest / f"{ctrl.name}.tgz"
        sftp.get(ctrl.remote, str(local))
        sftp.close()
        return local
    finally:
        client.close()


def unpack(archive: Path, into: Path):
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(into)
    log.info("unpacked %s into %s", archive.name, into)


def summarise(folder: Path) -> dict:
    alarms = 0
    for f in folder.rglob("*.log"):
        with f.open(errors="replace") as fh:
            alarms += sum(1 for line in fh if "ALARM" in line)
    return {"folder": str(folder), "alarms": alarms}


STEPS = {"fetch": fetch, "unpack": unpack, "summary": summarise}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=Path("cnc_logs"))
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    fleet = Fleet()
    make_client = _client_factory()
    staging = args.out / "_incoming"
    staging.mkdir(parents=True, exist_ok=True)
    for ctrl in fleet.members:
        if args.only and ctrl.name not in args.only:
            continue
        try:
            archive = STEPS["fetch"](ctrl, fleet, staging, make_client)
        except Exception as exc:  # noqa: BLE001 - controllers are flaky
            log.warning("%s: %s", ctrl.name, exc)
            continue
        target = args.out / ctrl.name
        STEPS["unpack"](archive, target)
        print(STEPS["summary"](target))
        archive.unlink()


if __name__ == "__main__":
    main()
