#!/usr/bin/env python3
"""Prepare a host to serve bare repositories over SSH for a small team.

Steps (each idempotent):
  1. create a locked-down `git` system user whose login shell is git-shell
  2. make sure git-shell is listed in /etc/shells
  3. drop an sshd config snippet that disables forwarding for that user
  4. create /srv/git owned by the git user
  5. validate and reload sshd
"""
import argparse
import logging
import os
import pwd
import shutil
import subprocess
import sys

LOG = logging.getLogger("git-host-setup")
SHELLS_FILE = "/etc/shells"
SSHD_SNIPPET = "/etc/ssh/sshd_config.d/60-git-shell.conf"
REPO_ROOT = "/srv/git"

SNIPPET_TEMPLATE = """\
# Managed by git_shell_host_setup.py
Match User {user}
    AllowTcpForwarding no
    AllowAgentForwarding no
    X11Forwarding no
    PermitTTY no
    ForceCommand {git_shell} -c "$SSH_ORIGINAL_COMMAND"
"""


def sudo(*cmd, input_text=None, check=True):
    full = ["sudo", "--non-interactive", *cmd]
    LOG.debug("exec: %s", " ".join(full))
    return subprocess.run(full, input=input_text, text=True,
                          capture_output=True, check=check)


def user_exists(name):
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def ensure_user(name, git_shell):
    if user_exists(name):
        LOG.info("user %s already exists", name)
        return
    sudo("useradd", "--system", "--create-home", "--home-dir", f"/home/{name}",
         "--shell", git_shell, "--comment", "git repositories", name)
    LOG.info("created system user %s", name)


def ensure_shell_listed(git_shell):
    with open(SHELLS_FILE, encoding="utf-8") as fh:
        listed = {line.strip() for line in fh}
    if git_shell in listed:
        LOG.info("%s already in %s", git_shell, SHELLS_FILE)
        return
    sudo("tee", "-a", SHELLS_FILE, input_text=git_shell + "\n")
    LOG.info("added %s to %s", git_shell, SHELLS_FILE)


def ensure_sshd_snippet(user, git_shell):
    wanted = SNIPPET_TEMPLATE.format(user=user, git_shell=git_shell)
    if os.path.exists(SSHD_SNIPPET):
        with open(SSHD_SNIPPET, encoding="utf-8") as fh:
            if fh.read() == wanted:
                LOG.info("sshd snippet up to date")
                return False
    sudo("install", "-d", "-m", "0755", os.path.dirname(SSHD_SNIPPET))
    sudo("tee", SSHD_SNIPPET, input_text=wanted)
    sudo("chmod", "0644", SSHD_SNIPPET)
    LOG.info("wrote %s", SSHD_SNIPPET)
    return True


def ensure_repo_root(user):
    sudo("install", "-d", "-m", "2775", "-o", user, "-g", user, REPO_ROOT)
    LOG.info("repository root %s ready", REPO_ROOT)


def reload_sshd():
    check = sudo("sshd", "-t", check=False)
    if check.returncode != 0:
        LOG.error("sshd config test failed, not reloading:\n%s", check.stderr)
        return False
    for unit in ("ssh", "sshd"):
        res = sudo("systemctl", "reload", unit, check=False)
        if res.returncode == 0:
            LOG.info("reloaded %s", unit)
            return True
    LOG.error("could not reload sshd")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--user", default="git")
    ap.add_argument("--skip-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    git_shell = shutil.which("git-shell") or "/usr/bin/git-shell"
    if not os.path.exists(git_shell):
        LOG.error("git-shell not found; install git first")
        return 1

    try:
        ensure_user(args.user, git_shell)
        ensure_shell_listed(git_shell)
        changed = ensure_sshd_snippet(args.user, git_shell)
        ensure_repo_root(args.user)
    except subprocess.CalledProcessError as exc:
        LOG.error("%s failed: %s", " ".join(exc.cmd), exc.stderr.strip())
        return 1

    if changed and not args.skip_reload:
        return 0 if reload_sshd() else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
