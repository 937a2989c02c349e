#!/usr/bin/env python3
"""Read-only hardening report: looks at the firewall, SSH and kernel
settings of this host and prints what a reviewer should check. Changes
nothing."""
import logging
import os
import re
from pathlib import Path

log = logging.getLogger("hardening")


def read(path: str, default: str = "") -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return default


def ufw_enabled() -> bool:
    return bool(re.search(r"^ENABLED=yes", read("/etc/ufw/ufw.conf"), re.M))


def sshd_setting(name: str) -> str:
    for line in read("/etc/ssh/sshd_config").splitlines():
        parts = line.split()
        if parts and parts[0].lower() == name.lower():
            return parts[1]
    return "(default)"


def sysctl(name: str) -> str:
    return read("/proc/sys/" + name.replace(".", "/")).strip() or "?"


CHECKS = [
    ("firewall enabled", lambda: ufw_enabled()),
    ("ssh root login", lambda: sshd_setting("PermitRootLogin")),
    ("ssh password auth", lambda: sshd_setting("PasswordAuthentication")),
    ("ip forwarding", lambda: sysctl("net.ipv4.ip_forward")),
    ("kptr restrict", lambda: sysctl("kernel.kptr_restrict")),
    ("selinux", lambda: read("/sys/fs/selinux/enforce", "absent").strip()),
    ("apparmor", lambda: "loaded" if os.path.isdir("/sys/kernel/security/apparmor") else "absent"),
]


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for label, check in CHECKS:
        log.info("%-20s %s", label, check())
