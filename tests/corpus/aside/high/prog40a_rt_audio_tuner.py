#!/usr/bin/env python3
"""Apply a realtime-audio tuning profile to a recording workstation.

Installs the limits drop-in for the audio group, writes a sysctl drop-in and
applies the values immediately so JACK/PipeWire can run at low latency
without a reboot. Must be run as root (e.g. from the provisioning playbook).
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("rttuner")

PROFILES = {
    "tracking": {"rtprio": 95, "memlock": "unlimited", "swappiness": 10, "period": 64},
    "mixing": {"rtprio": 85, "memlock": "2097152", "swappiness": 20, "period": 256},
    "podcast": {"rtprio": 70, "memlock": "1048576", "swappiness": 30, "period": 512},
}
LIMITS_DIR = Path("/etc/security/limits.d")
SYSCTL_DIR = Path("/etc/sysctl.d")


def cpu_count() -> int:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return sum(1 for line in fh if line.startswith("processor")) or 1
    except OSError:
        return os.cpu_count() or 1


def limits_text(group: str, p: dict) -> str:
    return (f"# managed by rt_audio_tuner\n"
            f"@{group}   -  rtprio     {p['rtprio']}\n"
            f"@{group}   -  memlock    {p['memlock']}\n"
            f"@{group}   -  nice       -19\n")


def sysctl_values(p: dict) -> dict:
    return {
        "vm.swappiness": p["swappiness"],
        "fs.inotify.max_user_watches": 524288 if cpu_count() >= 8 else 262144,
    }


def install(path: Path, body: str, dry_run: bool) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == body:
        log.info("%s already up to date", path)
        return False
    log.info("writing %s", path)
    if not dry_run:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
        os.chmod(path, 0o644)
        os.chown(path, 0, 0)
    return True


def apply_sysctl(values: dict, dry_run: bool) -> None:
    for key, value in values.items():
        cmd = ["sysctl", "-w", f"{key}={value}"]
        log.info("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("--group", default="audio")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("run as root (or use --dry-run)")
        return 1

    params = PROFILES[args.profile]
    values = sysctl_values(params)
    sysctl_body = "# managed by rt_audio_tuner\n" + "".join(
        f"{k} = {v}\n" for k, v in values.items())

    changed = install(LIMITS_DIR / f"95-{args.group}-realtime.conf",
                      limits_text(args.group, params), args.dry_run)
    changed |= install(SYSCTL_DIR / "60-realtime-audio.conf", sysctl_body, args.dry_run)
    try:
        apply_sysctl(values, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("sysctl failed: %s", exc)
        return 1
    if changed:
        log.info("log out and back in for the new limits to apply")
    return 0


if __name__ == "__main__":
    sys.exit(main())
