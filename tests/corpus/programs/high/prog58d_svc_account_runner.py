#!/usr/bin/env python3
"""Run maintenance jobs as service accounts on a shared build host.

Each job in jobs.ini names the account it must run as.  The account
password is kept in the desktop keyring (service 'svc-accounts') and is
typed into `su` through a pty; it is never logged or written to disk.
"""
import argparse
import configparser
import logging
import shlex
import sys

import keyring
import pexpect

log = logging.getLogger("svc-runner")
KEYRING_SERVICE = "svc-accounts"
PROMPTS = [r"[Pp]assword:\s*$", r"Passwort:\s*$", r"Mot de passe\s*:\s*$"]


class SuSession:
    def __init__(self, account, timeout=600):
        self.account = account
        self.timeout = timeout

    def _password(self):
        secret = keyring.get_password(KEYRING_SERVICE, self.account)
        if secret is None:
            raise LookupError(f"no keyring entry for {self.account}; "
                              f"run: keyring set {KEYRING_SERVICE} {self.account}")
        return secret

    def run(self, command):
        argv = ["-", self.account, "-s", "/bin/bash", "-c", command]
        child = pexpect.spawn("su", argv, encoding="utf-8", timeout=30)
        try:
            idx = child.expect(PROMPTS + [pexpect.EOF])
            if idx < len(PROMPTS):
                child.sendline(self._password())
            child.expect(pexpect.EOF, timeout=self.timeout)
            output = child.before or ""
        finally:
            child.close()
        if "Authentication failure" in output:
            raise PermissionError(f"su to {self.account} was refused")
        return child.exitstatus, output


def load_jobs(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    for section in cfg.sections():
        job = cfg[section]
        yield section, job.get("account"), job.get("command"), job.getint("timeout", 600)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--jobs", default="jobs.ini")
    p.add_argument("--only", action="append", help="run only these job names")
    p.add_argument("--list", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    failures = 0
    for name, account, command, timeout in load_jobs(args.jobs):
        if args.only and name not in args.only:
            continue
        if not account or not command:
            log.warning("job %s lacks account or command", name)
            continue
        if args.list:
            print(f"{name:<20} as {account:<14} {shlex.quote(command)}")
            continue
        log.info("job %s: running as %s", name, account)
        try:
            status, output = SuSession(account, timeout).run(command)
        except (LookupError, PermissionError, pexpect.TIMEOUT) as exc:
            log.error("job %s failed: %s", name, exc)
            failures += 1
            continue
        for line in output.strip().splitlines()[-20:]:
            log.info("  %s| %s", name, line)
        if status:
            log.error("job %s exited with %s", name, status)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
