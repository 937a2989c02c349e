#!/usr/bin/env python3
"""Bar kiosk provisioning.

Sets up a fresh mini PC behind the bar: makes the keg-sensor USB hub get a
stable device name, points the POS hostname at the back-office server, and
checks that everything resolves afterwards.
"""
import argparse
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("kiosk-provision")

SENSOR_RULE = (
    'SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", ATTRS{idProduct}=="7523", '
    'SYMLINK+="kegsensor", MODE="0660", GROUP="dialout"\n'
)
HOST_LINES = [
    "192.168.40.5\tpos-backoffice.local",
    "192.168.40.10\tkeg-gateway.local",
]

# destinations, assembled from the config root so a test root can be used
TARGETS = {
    "rule": ("udev", "rules.d", "72-kegsensor.rules"),
    "hosts": ("hosts",),
}


def elevate_prefix():
    """Find whichever elevation helper this image ships with."""
    for tool in ("sudo", "doas"):
        if shutil.which(tool):
            return [tool]
    return []


class Provisioner:
    def __init__(self, root, dry_run=False):
        self.root = Path(root)
        self.dry_run = dry_run
        self.prefix = elevate_prefix()

    def path_for(self, key):
        return self.root.joinpath(*TARGETS[key])

    def _write(self, path, text, append=False):
        flags = ["-a"] if append else []
        argv = self.prefix + ["tee"] + flags + [str(path)]
        LOG.info("writing %s", path)
        if self.dry_run:
            LOG.info("dry run: %s", " ".join(argv))
            return
        subprocess.run(argv, input=text.encode(), stdout=subprocess.DEVNULL, check=True)

    def _run(self, *argv):
        full = self.prefix + list(argv)
        if self.dry_run:
            LOG.info("dry run: %s", " ".join(full))
            return
        subprocess.run(full, check=True)

    def install_sensor_rule(self):
        self._write(self.path_for("rule"), SENSOR_RULE)
        self._run("udevadm", "control", "--reload-rules")
        self._run("udevadm", "trigger", "--subsystem-match=tty")

    def add_hosts(self):
        current = ""
        try:
            current = self.path_for("hosts").read_text()
        except OSError:
            pass
        missing = [line for line in HOST_LINES if line.split("\t")[1] not in current]
        if missing:
            self._write(self.path_for("hosts"), "\n".join(missing) + "\n", append=True)
        else:
            LOG.info("hosts already configured")


def verify():
    ok = True
    for line in HOST_LINES:
        name = line.split("\t")[1]
        try:
            LOG.info("%s -> %s", name, socket.gethostbyname(name))
        except socket.gaierror:
            LOG.warning("%s does not resolve", name)
            ok = False
    if not Path("/dev/kegsensor").exists():
        LOG.warning("kegsensor symlink not present yet (replug the hub)")
    return ok


def main():
    parser = argparse.ArgumentParser(description="Provision a bar kiosk")
    parser.add_argument("--root", default="/" + "etc")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    prov = Provisioner(args.root, args.dry_run)
    try:
        prov.install_sensor_rule()
        prov.add_hosts()
    except subprocess.CalledProcessError as exc:
        LOG.error("provisioning step failed: %s", exc)
        return 1
    return 0 if verify() else 2


if __name__ == "__main__":
    sys.exit(main())
