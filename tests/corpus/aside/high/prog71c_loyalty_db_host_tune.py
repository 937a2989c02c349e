#!/usr/bin/env python3
"""Apply the kernel settings recommended for the loyalty-points PostgreSQL host.

The loyalty database runs on a small in-store server. After an OS reinstall
the vendor's tuning is lost and the nightly points roll-up crawls. This
re-applies it from tuning.toml (or the built-in defaults).
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

log = logging.getLogger("loyalty-db-tune")

DEFAULTS = {
    "sysctl": {
        "vm.swappiness": 1,
        "vm.dirty_background_ratio": 5,
        "vm.dirty_ratio": 15,
        "vm.overcommit_memory": 2,
        "vm.overcommit_ratio": 90,
        "kernel.sched_autogroup_enabled": 0,
    },
    "thp": "never",
    "service": "postgresql",
}

SYSCTL_DROPIN = Path("/etc/sysctl.d/60-loyalty-db.conf")
THP_PATHS = (Path("/sys/kernel/mm/transparent_hugepage/enabled"),
             Path("/sys/kernel/mm/transparent_hugepage/defrag"))


def load_settings(path):
    settings = {k: (dict(v) if isinstance(v, dict) else v) for k, v in DEFAULTS.items()}
    if path.exists():
        if tomllib is None:
            log.warning("tomllib unavailable, ignoring %s", path)
        else:
            with path.open("rb") as fh:
                user = tomllib.load(fh)
            settings["sysctl"].update(user.get("sysctl", {}))
            settings["thp"] = user.get("thp", settings["thp"])
            settings["service"] = user.get("service", settings["service"])
    return settings


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        sys.exit("must run as root")
    log.info("re-running with sudo")
    os.execv(sudo, [sudo, "--preserve-env=LOYALTY_TUNING", sys.executable, os.path.abspath(__file__), *argv])


def write_dropin(values, dry_run):
    lines = ["# Loyalty DB host tuning - generated, do not edit by hand"]
    lines += [f"{k} = {v}" for k, v in sorted(values.items())]
    text = "\n".join(lines) + "\n"
    if SYSCTL_DROPIN.exists() and SYSCTL_DROPIN.read_text() == text:
        log.info("%s unchanged", SYSCTL_DROPIN)
        return False
    log.info("writing %s", SYSCTL_DROPIN)
    if not dry_run:
        SYSCTL_DROPIN.write_text(text)
        os.chmod(SYSCTL_DROPIN, 0o644)
    return True


def apply_live(values, thp, dry_run):
    for key, value in values.items():
        proc_path = Path("/proc/sys") / key.replace(".", "/")
        if not proc_path.exists():
            log.warning("%s not supported by this kernel", key)
            continue
        current = proc_path.read_text().strip()
        if current == str(value):
            continue
        log.info("%s: %s -> %s", key, current, value)
        if not dry_run:
            subprocess.run(["sysctl", "-q", "-w", f"{key}={value}"], check=True)
    for path in THP_PATHS:
        if path.exists():
            log.info("%s -> %s", path, thp)
            if not dry_run:
                path.write_text(thp)


def restart_service(name, dry_run):
    if not name:
        return
    log.info("restarting %s", name)
    if not dry_run:
        subprocess.run(["systemctl", "restart", name], check=True)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=os.environ.get("LOYALTY_TUNING", "tuning.toml"))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings(Path(args.config).resolve())
    if not args.dry_run:
        ensure_root(argv)
    try:
        changed = write_dropin(settings["sysctl"], args.dry_run)
        apply_live(settings["sysctl"], settings["thp"], args.dry_run)
        if changed and not args.no_restart:
            restart_service(settings["service"], args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("tuning failed: %s", exc)
        return 1
    log.info("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
