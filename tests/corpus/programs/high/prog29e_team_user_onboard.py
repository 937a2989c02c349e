#!/usr/bin/env python3
"""Create local accounts for new team members from a CSV roster.

CSV columns: username,full_name,groups,shell,admin
  groups  - semicolon separated supplementary groups
  admin   - yes/no; admins are added to the 'opsadmin' group, which gets a
            sudoers rule in /etc/sudoers.d/50-opsadmin

Every command runs through sudo. Use --dry-run to print the plan first.
"""

import argparse
import csv
import grp
import logging
import pwd
import re
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("onboard")
USERNAME_RE = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")
ADMIN_GROUP = "opsadmin"
SUDOERS_FILE = "/etc/sudoers.d/50-opsadmin"
SUDOERS_RULE = (
    "# managed by team_user_onboard.py\n"
    f"%{ADMIN_GROUP} ALL=(ALL:ALL) ALL\n"
    f"Defaults:%{ADMIN_GROUP} timestamp_timeout=5\n"
)
ALLOWED_SHELLS = {"/bin/bash", "/usr/bin/zsh", "/bin/sh", "/usr/bin/fish"}


class Runner:
    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def __call__(self, *cmd, input_text=None, check=True):
        full = ["sudo", "--", *cmd]
        LOG.debug("exec: %s", shlex.join(full))
        if self.dry_run:
            print("DRY-RUN:", shlex.join(full))
            return subprocess.CompletedProcess(full, 0, "", "")
        return subprocess.run(full, input=input_text, text=True, capture_output=True, check=check)


def user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def ensure_groups(run: Runner, groups):
    for g in sorted(groups):
        if not group_exists(g):
            LOG.info("creating group %s", g)
            run("groupadd", g)


def ensure_sudoers(run: Runner, workdir: Path):
    staged = workdir / "50-opsadmin.staged"
    staged.write_text(SUDOERS_RULE)
    # validate before it ever reaches /etc/sudoers.d
    check = subprocess.run(["visudo", "-cf", str(staged)], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError(f"sudoers rule failed validation: {check.stderr.strip()}")
    run("install", "-o", "root", "-g", "root", "-m", "0440", str(staged), SUDOERS_FILE)
    staged.unlink()
    LOG.info("installed %s", SUDOERS_FILE)


def create_user(run: Runner, row: dict):
    name = row["username"].strip()
    groups = [g for g in row.get("groups", "").split(";") if g]
    if row.get("admin", "").strip().lower() in ("yes", "y", "true"):
        groups.append(ADMIN_GROUP)
    shell = row.get("shell") or "/bin/bash"
    if shell not in ALLOWED_SHELLS:
        raise ValueError(f"{name}: shell {shell} not allowed")

    if user_exists(name):
        LOG.info("%s exists; syncing groups only", name)
        if groups:
            run("usermod", "-aG", ",".join(groups), name)
        return False

    run("useradd", "--create-home", "--shell", shell,
        "--comment", row.get("full_name", ""), "--groups", ",".join(groups) if groups else "users", name)
    # no password yet: lock it and force a change on first login once set by the helpdesk
    run("passwd", "--lock", name)
    run("chage", "--lastday", "0", name)
    run("chmod", "0750", f"/home/{name}")
    LOG.info("created %s (groups: %s)", name, ",".join(groups) or "-")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description="Onboard team members as local users")
    ap.add_argument("roster", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with args.roster.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    bad = [r.get("username") for r in rows if not USERNAME_RE.match(r.get("username", ""))]
    if bad:
        LOG.error("invalid usernames in roster: %s", ", ".join(map(str, bad)))
        return 2

    run = Runner(args.dry_run)
    if not args.dry_run:
        subprocess.run(["sudo", "-v"], check=True)

    wanted_groups = {g for r in rows for g in r.get("groups", "").split(";") if g}
    needs_admin = any(r.get("admin", "").lower() in ("yes", "y", "true") for r in rows)
    if needs_admin:
        wanted_groups.add(ADMIN_GROUP)

    created = failed = 0
    try:
        ensure_groups(run, wanted_groups)
        if needs_admin:
            ensure_sudoers(run, Path.cwd())
        for row in rows:
            try:
                created += create_user(run, row)
            except (subprocess.CalledProcessError, ValueError) as exc:
                failed += 1
                LOG.error("failed for %s: %s", row.get("username"), getattr(exc, "stderr", exc))
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("aborting: %s", exc)
        return 1

    LOG.info("done: %d created, %d failed, %d total", created, failed, len(rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
