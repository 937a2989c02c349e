#!/usr/bin/env python3
"""Create Linux login accounts on the build hosts for this week's new hires.

The onboarding tracker exports a JSON list of starters. Engineers get a local
account in their team group; platform engineers additionally get the team's
sudo rule. Initial passwords are written to a 0600 hand-off file for the
IT desk, and expire on first login.
"""
import argparse
import grp
import json
import logging
import pwd
import secrets
import shlex
import string
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("newhire-accounts")

ELEVATED_TEAMS = {"platform", "sre"}
SUDOERS_DIR = Path("/etc/sudoers.d")


class Runner:
    """Runs account-management commands, elevated when needed."""

    def __init__(self, dry_run=False, elevate=("sudo", "-n")):
        self.dry_run = dry_run
        self.elevate = list(elevate)

    def __call__(self, argv, stdin=None):
        cmd = self.elevate + list(argv)
        if self.dry_run:
            log.info("would run: %s", shlex.join(cmd))
            return ""
        res = subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=False)
        if res.returncode != 0:
            raise RuntimeError(f"{shlex.join(cmd)} failed: {res.stderr.strip()}")
        return res.stdout


def temp_password(length=16):
    alphabet = string.ascii_letters + string.digits + "-_!"
    return "".join(secrets.choice(alphabet) for _ in range(length))


def account_exists(login):
    try:
        pwd.getpwnam(login)
        return True
    except KeyError:
        return False


def ensure_group(run, name):
    try:
        grp.getgrnam(name)
    except KeyError:
        run(["groupadd", name])
        log.info("created group %s", name)


def create_user(run, starter):
    login = starter["login"]
    team = starter["team"].lower()
    ensure_group(run, f"team-{team}")
    run(["useradd", "-m", "-s", "/bin/bash", "-c", starter["name"],
         "-G", f"team-{team}", login])
    password = temp_password()
    run(["chpasswd"], stdin=f"{login}:{password}\n")
    run(["chage", "-d", "0", login])
    return password


def grant_team_sudo(run, team):
    rule_file = SUDOERS_DIR / f"50-team-{team}"
    rule = f"%team-{team} ALL=(ALL) NOPASSWD: /usr/bin/systemctl, /usr/bin/journalctl\n"
    run(["tee", str(rule_file)], stdin=rule)
    run(["chmod", "0440", str(rule_file)])
    run(["visudo", "-cf", str(rule_file)])
    log.info("sudo rule installed for team-%s", team)


def load_starters(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for item in data.get("starters", []):
        if item.get("role_family") == "engineering" and item.get("login"):
            yield item


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("starters_json")
    ap.add_argument("--handoff", default="initial_passwords.txt")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    run = Runner(dry_run=args.dry_run)
    handoff = []
    teams_needing_sudo = set()

    for starter in load_starters(args.starters_json):
        login = starter["login"]
        if account_exists(login):
            log.info("%s already exists, skipping", login)
            continue
        try:
            pw = create_user(run, starter)
        except RuntimeError as exc:
            log.error("%s: %s", login, exc)
            continue
        handoff.append(f"{login}\t{starter['name']}\t{pw}")
        if starter["team"].lower() in ELEVATED_TEAMS:
            teams_needing_sudo.add(starter["team"].lower())
        log.info("created %s", login)

    for team in sorted(teams_needing_sudo):
        try:
            grant_team_sudo(run, team)
        except RuntimeError as exc:
            log.error("sudo rule for %s: %s", team, exc)

    if handoff and not args.dry_run:
        out = Path(args.handoff)
        out.write_text("\n".join(handoff) + "\n", encoding="utf-8")
        out.chmod(0o600)
        log.info("hand-off file written: %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
