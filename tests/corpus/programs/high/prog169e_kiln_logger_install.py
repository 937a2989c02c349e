#!/usr/bin/env python3
"""Installs the timber drying-kiln logger on the kiln shed PC.

Puts the kilnlog tool on the system path, writes its configuration and log
rotation settings, and creates the log directory. Run as root.
"""
import argparse
import grp
import hashlib
import logging
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Callable, List

log = logging.getLogger("kiln-install")

ROOTS = {"bin": ("usr", "local", "bin"), "etc": ("etc",), "var": ("var", "log")}


def under(kind: str, *rest: str) -> Path:
    return Path("/", *ROOTS[kind], *rest)


CONF_TEMPLATE = Template(
    """[kiln]
probe_port = $port
interval_s = $interval
target_mc_pct = $target
log_dir = $logdir
"""
)

ROTATE_TEMPLATE = Template(
    """$logdir/*.log {
    weekly
    rotate 12
    compress
    missingok
    notifempty
    create 0640 root $group
}
"""
)


@dataclass
class Plan:
    source: Path
    port: str
    interval: int
    target: float
    group: str

    @property
    def logdir(self) -> Path:
        return under("var", "kiln")


def atomic_write(dest: Path, text: str, mode: int) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=str(dest.parent), prefix=".kiln-")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, dest)
    log.info("wrote %s", dest)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""


def install_tool(plan: Plan) -> None:
    dest = under("bin", "kilnlog")
    if digest(dest) == digest(plan.source):
        log.info("%s up to date", dest)
        return
    shutil.copy2(plan.source, dest)
    os.chown(dest, 0, 0)
    os.chmod(dest, 0o755)
    log.info("installed %s", dest)


def install_config(plan: Plan) -> None:
    text = CONF_TEMPLATE.substitute(
        port=plan.port, interval=plan.interval, target=plan.target, logdir=plan.logdir
    )
    atomic_write(under("etc", "kiln", "kiln.conf"), text, 0o644)


def install_rotation(plan: Plan) -> None:
    text = ROTATE_TEMPLATE.substitute(logdir=plan.logdir, group=plan.group)
    atomic_write(under("etc", "logrotate.d", "kilnlog"), text, 0o644)


def make_logdir(plan: Plan) -> None:
    plan.logdir.mkdir(parents=True, exist_ok=True)
    gid = grp.getgrnam(plan.group).gr_gid
    os.chown(plan.logdir, 0, gid)
    os.chmod(plan.logdir, 0o2750)
    log.info("log directory %s ready", plan.logdir)


STEPS: List[Callable[[Plan], None]] = [install_tool, install_config, install_rotation, make_logdir]


def main():
    ap = argparse.ArgumentParser(description="install kiln logger")
    ap.add_argument("--source", default="dist/kilnlog", help="built kilnlog script")
    ap.add_argument("--port", default="/dev/ttyUSB1")
    ap.add_argument("--interval", type=int, default=600)
    ap.add_argument("--target", type=float, default=12.0, help="target moisture content %%")
    ap.add_argument("--group", default="kiln")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        raise SystemExit("run this as root")
    plan = Plan(Path(args.source), args.port, args.interval, args.target, args.group)
    if not plan.source.is_file():
        raise SystemExit(f"missing {plan.source}; build it first")
    for step in STEPS:
        step(plan)
    log.info("kiln logger installed")


if __name__ == "__main__":
    main()
