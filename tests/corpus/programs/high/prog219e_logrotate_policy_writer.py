#!/usr/bin/env python3
"""Install the log rotation policy for the historian collector logs.

The collector writes one log per interface (OPC, Modbus, DNP3).  Without a
rotation policy the /var/log volume fills in about six weeks.  This tool
renders the policy from a small table and installs it for logrotate.
"""
import argparse
import difflib
import logging
import os
import pwd
import grp
import sys
import tempfile

LOG = logging.getLogger("logrotate_policy")

POLICY_ROOT = ("etc", "logrotate" + ".d")
POLICY_NAME = "scada-historian"
OWNER = ("root", "root")
MODE = 0o644

STREAMS = [
    {"glob": "/var/log/historian/opc*.log", "keep": 14, "size": "50M"},
    {"glob": "/var/log/historian/modbus*.log", "keep": 14, "size": "50M"},
    {"glob": "/var/log/historian/dnp3*.log", "keep": 30, "size": "20M"},
    {"glob": "/var/log/historian/webapi.log", "keep": 7, "size": "10M"},
]

STANZA = """{glob} {{
    daily
    rotate {keep}
    maxsize {size}
    missingok
    notifempty
    compress
    delaycompress
    copytruncate
    su {user} {group}
}}
"""


class PolicyInstaller:
    def __init__(self, root_parts, name, owner, mode):
        self.path = os.path.join(os.sep, *root_parts, name)
        self.owner = owner
        self.mode = mode

    def render(self, streams, user, group):
        header = "# managed by logrotate_policy_writer.py - do not edit\n"
        body = "\n".join(STANZA.format(user=user, group=group, **s) for s in streams)
        return header + body

    def current(self):
        try:
            with open(self.path, encoding="utf-8") as fh:
                return fh.read()
        except FileNotFoundError:
            return ""

    def diff(self, new_text):
        return "".join(difflib.unified_diff(
            self.current().splitlines(True), new_text.splitlines(True),
            fromfile=self.path, tofile=self.path + " (new)"))

    def install(self, text):
        directory = os.path.dirname(self.path)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".policy.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            uid = pwd.getpwnam(self.owner[0]).pw_uid
            gid = grp.getgrnam(self.owner[1]).gr_gid
            os.chown(tmp, uid, gid)
            os.chmod(tmp, self.mode)
            os.replace(tmp, self.path)
        except Exception:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        LOG.info("installed %s", self.path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="historian")
    ap.add_argument("--group", default="adm")
    ap.add_argument("--diff", action="store_true", help="show diff only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    installer = PolicyInstaller(POLICY_ROOT, POLICY_NAME, OWNER, MODE)
    text = installer.render(STREAMS, args.user, args.group)
    delta = installer.diff(text)

    if not delta:
        LOG.info("policy already up to date")
        return 0
    sys.stdout.write(delta)
    if args.diff:
        return 0

    if os.geteuid() != 0:
        LOG.error("installing the policy needs root")
        return 1
    try:
        installer.install(text)
    except (OSError, KeyError) as exc:
        LOG.error("install failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
