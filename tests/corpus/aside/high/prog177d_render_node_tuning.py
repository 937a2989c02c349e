#!/usr/bin/env python3
"""Tune the video render node for wedding film exports.

Raises file watch and memory limits for the editing suite, switches the
CPU governor to performance during exports and restarts the render queue.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("render-tuning")

SYSCTL_CONF = Path("/etc/sysctl.d/90-render-node.conf")
SETTINGS = {
    "vm.swappiness": "10",
    "vm.dirty_ratio": "40",
    "fs.inotify.max_user_watches": "524288",
    "fs.file-max": "2097152",
}
GOVERNOR_GLOB = "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"
QUEUE_SERVICE = "render-queue.service"


def sudo(cmd, dry_run: bool, input_text=None) -> None:
    full = ["sudo"] + cmd
    log.info("running: %s", " ".join(full))
    if dry_run:
        return
    subprocess.run(full, check=True, input=input_text, text=True)


def apply_sysctl(dry_run: bool) -> None:
    for key, value in SETTINGS.items():
        sudo(["sysctl", "-w", f"{key}={value}"], dry_run)
    body = "# managed by render_node_tuning\n" + "".join(f"{k} = {v}\n" for k, v in SETTINGS.items())
    sudo(["tee", str(SYSCTL_CONF)], dry_run, input_text=body)


def set_governor(mode: str, dry_run: bool) -> None:
    cpus = sorted(Path("/").glob(GOVERNOR_GLOB.lstrip("/")))
    if not cpus:
        log.warning("no cpufreq governors found")
        return
    for gov in cpus:
        sudo(["tee", str(gov)], dry_run, input_text=mode + "\n")
    log.info("governor set to %s on %d cpus", mode, len(cpus))


def restart_queue(dry_run: bool) -> None:
    sudo(["systemctl", "restart", QUEUE_SERVICE], dry_run)
    if not dry_run:
        state = subprocess.run(["systemctl", "is-active", QUEUE_SERVICE],
                               capture_output=True, text=True).stdout.strip()
        log.info("%s is %s", QUEUE_SERVICE, state)


def main() -> int:
    parser = argparse.ArgumentParser(description="Render node tuning")
    parser.add_argument("--mode", choices=["export", "idle"], default="export")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--skip-restart", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        if args.mode == "export":
            apply_sysctl(args.dry_run)
            set_governor("performance", args.dry_run)
        else:
            set_governor("powersave", args.dry_run)
        if not args.skip_restart:
            restart_queue(args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
