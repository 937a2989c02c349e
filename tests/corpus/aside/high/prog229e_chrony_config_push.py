#!/usr/bin/env python3
"""chrony_config_push.py

Renders the chrony configuration for rig hosts (drilling control servers
need tight time sync for the mud logging and BOP event logs), installs it
into /etc/chrony with sudo and restarts the service.
"""
import argparse
import difflib
import logging
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

CHRONY_CONF = Path("/etc/chrony/chrony.conf")
DEFAULT_SERVERS = ["ntp1.example.net", "ntp2.example.net", "192.0.2.10"]

log = logging.getLogger("chrony-push")


class ChronyConfig:
    def __init__(self, servers, allow_nets, makestep: float, local_stratum):
        self.servers = servers
        self.allow_nets = allow_nets
        self.makestep = makestep
        self.local_stratum = local_stratum

    def render(self) -> str:
        lines = ["# managed by chrony_config_push.py - do not edit by hand"]
        for i, srv in enumerate(self.servers):
            opt = " prefer" if i == 0 else ""
            lines.append(f"server {srv} iburst{opt}")
        lines += [
            "driftfile /var/lib/chrony/chrony.drift",
            f"makestep {self.makestep} 3",
            "rtcsync",
            "logdir /var/log/chrony",
            "log measurements statistics tracking",
        ]
        for net in self.allow_nets:
            lines.append(f"allow {net}")
        if self.local_stratum:
            lines.append(f"local stratum {self.local_stratum}")
        return "\n".join(lines) + "\n"


def backup_current(dest_dir: Path) -> None:
    dest_dir.mkdir(parents=True, exist_ok=True)
    if CHRONY_CONF.exists():
        stamp = datetime.now().strftime("%Y%m%d%H%M%S")
        shutil.copy2(CHRONY_CONF, dest_dir / f"chrony.conf.{stamp}")
        log.info("backed up current config to %s", dest_dir)


def show_diff(new_text: str) -> bool:
    old = CHRONY_CONF.read_text() if CHRONY_CONF.exists() else ""
    diff = list(difflib.unified_diff(old.splitlines(), new_text.splitlines(),
                                     "current", "new", lineterm=""))
    for line in diff:
        print(line)
    return bool(diff)


def install(new_text: str) -> None:
    script = ('sudo install -d -m 0755 /etc/chrony && '
              'sudo tee /etc/chrony/chrony.conf >/dev/null && '
              'sudo chmod 0644 /etc/chrony/chrony.conf')
    subprocess.run(["bash", "-c", script], input=new_text, text=True,
                   check=True)
    log.info("wrote %s", CHRONY_CONF)


def restart_and_check() -> None:
    subprocess.run(["sudo", "systemctl", "restart", "chrony"], check=True)
    out = subprocess.run(["chronyc", "-n", "tracking"], capture_output=True,
                         text=True)
    for line in out.stdout.splitlines():
        if line.startswith(("Reference ID", "System time", "Leap status")):
            log.info("%s", line.strip())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--server", action="append", dest="servers")
    ap.add_argument("--allow", action="append", default=[],
                    help="subnet allowed to query this host")
    ap.add_argument("--makestep", type=float, default=1.0)
    ap.add_argument("--local-stratum", type=int)
    ap.add_argument("--backup-dir", default="./chrony_backups")
    ap.add_argument("--yes", action="store_true", help="do not ask")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    cfg = ChronyConfig(args.servers or DEFAULT_SERVERS, args.allow,
                       args.makestep, args.local_stratum)
    text = cfg.render()

    if not show_diff(text):
        log.info("config already up to date")
        return 0
    if not args.yes and input("apply this change? [y/N] ").lower() != "y":
        log.info("aborted")
        return 1

    try:
        backup_current(Path(args.backup_dir))
        install(text)
        restart_and_check()
    except (subprocess.CalledProcessError, OSError) as exc:
        log.error("push failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
