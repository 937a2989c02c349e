#!/usr/bin/env python3
"""Apply CIS sshd hardening as a drop-in and reload the SSH daemon.

Evaluates the effective sshd_config, writes the required settings into
/etc/ssh/sshd_config.d/50-cis-hardening.conf, validates the result with
`sshd -t`, and reloads the service.  On validation failure the previous
drop-in is restored.  Must run as root.
"""
from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("sshd_harden")

MAIN_CONFIG = Path("/etc/ssh/sshd_config")
DROPIN_DIR = Path("/etc/ssh/sshd_config.d")
DROPIN = DROPIN_DIR / "50-cis-hardening.conf"

REQUIRED = {
    "PermitRootLogin": "no",
    "PasswordAuthentication": "no",
    "PermitEmptyPasswords": "no",
    "X11Forwarding": "no",
    "MaxAuthTries": "4",
    "IgnoreRhosts": "yes",
    "HostbasedAuthentication": "no",
    "LogLevel": "VERBOSE",
    "ClientAliveInterval": "300",
    "ClientAliveCountMax": "3",
    "LoginGraceTime": "60",
    "Ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "MACs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
}


def effective_settings() -> dict:
    """Ask sshd for its effective configuration (lower-cased keys)."""
    out = subprocess.run(["sshd", "-T"], capture_output=True, text=True, check=True).stdout
    settings = {}
    for line in out.splitlines():
        key, _, value = line.partition(" ")
        settings[key.lower()] = value.strip()
    return settings


def compute_changes(current: dict) -> dict:
    changes = {}
    for key, wanted in REQUIRED.items():
        have = current.get(key.lower(), "")
        if have.lower() != wanted.lower():
            changes[key] = (have, wanted)
    return changes


def ensure_include() -> None:
    text = MAIN_CONFIG.read_text()
    if "Include /etc/ssh/sshd_config.d/*.conf" in text:
        return
    LOG.info("adding Include directive to %s", MAIN_CONFIG)
    shutil.copy2(MAIN_CONFIG, MAIN_CONFIG.with_suffix(".pre-cis"))
    MAIN_CONFIG.write_text("Include /etc/ssh/sshd_config.d/*.conf\n" + text)


def write_dropin() -> Path | None:
    DROPIN_DIR.mkdir(mode=0o755, exist_ok=True)
    backup = None
    if DROPIN.exists():
        backup = DROPIN.with_suffix(".conf.bak")
        shutil.copy2(DROPIN, backup)
    body = ["# Managed by sshd_hardening_apply - CIS section 5.2", ""]
    body += [f"{k} {v}" for k, v in REQUIRED.items()]
    tmp = DROPIN.with_suffix(".tmp")
    tmp.write_text("\n".join(body) + "\n")
    os.chown(tmp, 0, 0)
    os.chmod(tmp, 0o600)
    os.replace(tmp, DROPIN)
    return backup


def validate() -> bool:
    proc = subprocess.run(["sshd", "-t"], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("sshd -t failed: %s", proc.stderr.strip())
    return proc.returncode == 0


def rollback(backup: Path | None) -> None:
    if backup and backup.exists():
        os.replace(backup, DROPIN)
        LOG.warning("restored previous drop-in")
    elif DROPIN.exists():
        DROPIN.unlink()
        LOG.warning("removed new drop-in")


def reload_service() -> None:
    for unit in ("ssh.service", "sshd.service"):
        rc = subprocess.run(["systemctl", "is-active", "--quiet", unit]).returncode
        if rc == 0:
            subprocess.run(["systemctl", "reload", unit], check=True)
            LOG.info("reloaded %s", unit)
            return
    LOG.warning("no active ssh unit found; changes apply on next start")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must be run as root")
        return 2

    try:
        changes = compute_changes(effective_settings())
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("cannot read effective sshd config: %s", exc)
        return 2

    for key, (have, want) in sorted(changes.items()):
        print(f"{key:<26} {have or '(default)':<20} -> {want}")
    if not changes:
        LOG.info("sshd already compliant")
        return 0
    if args.check:
        return 1

    ensure_include()
    backup = write_dropin()
    if not validate():
        rollback(backup)
        return 1
    if not args.no_reload:
        reload_service()
    LOG.info("applied %d setting(s)", len(changes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
