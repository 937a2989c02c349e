#!/usr/bin/env python3
"""Apply a kernel tuning profile for database hosts.

Profiles are small dicts of sysctl keys.  The chosen profile is rendered as a
drop-in file, written to /etc/sysctl.d through `sudo tee`, and loaded with
`sudo sysctl --system`.  The previous values are saved to ./sysctl_backup.json
so the change can be reverted with --revert.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("sysctl_profile")

DROPIN = "/etc/sysctl.d/60-dbhost-tuning.conf"
BACKUP = Path("sysctl_backup.json")

PROFILES = {
    "postgres": {
        "vm.swappiness": "10",
        "vm.dirty_background_ratio": "5",
        "vm.dirty_ratio": "15",
        "vm.overcommit_memory": "2",
        "net.core.somaxconn": "1024",
    },
    "redis": {
        "vm.overcommit_memory": "1",
        "net.core.somaxconn": "4096",
        "net.ipv4.tcp_max_syn_backlog": "4096",
    },
    "generic": {
        "vm.swappiness": "30",
        "fs.file-max": "2097152",
    },
}


def sh(command, capture=False):
    log.debug("bash -c %s", shlex.quote(command))
    return subprocess.run(["bash", "-c", command], check=True, text=True,
                          capture_output=capture)


def current_values(keys):
    values = {}
    for key in keys:
        try:
            out = sh(f"sysctl -n {shlex.quote(key)}", capture=True).stdout
            values[key] = out.strip()
        except subprocess.CalledProcessError:
            log.warning("key %s not supported by this kernel", key)
    return values


def render_dropin(profile_name, settings):
    lines = [f"# {profile_name} tuning, managed by sysctl_profile_apply.py"]
    lines += [f"{k} = {v}" for k, v in sorted(settings.items())]
    return "\n".join(lines) + "\n"


def install(content):
    command = (
        f"printf %s {shlex.quote(content)} | sudo tee {DROPIN} >/dev/null && "
        f"sudo chmod 0644 {DROPIN} && "
        "sudo sysctl --system >/dev/null"
    )
    sh(command)


def revert():
    if not BACKUP.exists():
        log.error("no backup found at %s", BACKUP)
        return 1
    saved = json.loads(BACKUP.read_text())
    assignments = " ".join(shlex.quote(f"{k}={v}") for k, v in saved.items())
    sh(f"sudo rm -f {DROPIN} && sudo sysctl -w {assignments}")
    log.info("reverted %d keys and removed %s", len(saved), DROPIN)
    BACKUP.unlink()
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", nargs="?", choices=sorted(PROFILES))
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("--diff", action="store_true", help="show changes only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.revert:
        return revert()
    if not args.profile:
        ap.error("a profile is required unless --revert is given")

    settings = PROFILES[args.profile]
    before = current_values(settings)
    changes = {k: v for k, v in settings.items() if before.get(k) != v}
    for key, value in sorted(changes.items()):
        print(f"{key}: {before.get(key, '?')} -> {value}")
    if args.diff or not changes:
        log.info("%d change(s); nothing applied", len(changes))
        return 0

    BACKUP.write_text(json.dumps(before, indent=2))
    try:
        install(render_dropin(args.profile, settings))
    except subprocess.CalledProcessError as exc:
        log.error("applying profile failed: %s", exc)
        return 1
    log.info("profile %s applied (%d keys); backup in %s",
             args.profile, len(changes), BACKUP)
    return 0


if __name__ == "__main__":
    sys.exit(main())
