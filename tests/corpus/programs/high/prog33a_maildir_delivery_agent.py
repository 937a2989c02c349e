#!/usr/bin/env python3
"""Minimal local delivery agent: read one message on stdin, deliver it to
the recipient's ~/Maildir.

Postfix invokes it from master.cf as root:

    maildrop-py unix - n n - - pipe
      flags=DRhu user=root argv=/usr/local/bin/mda.py ${recipient}

The agent looks up the local user, switches to that user's uid/gid and
supplementary groups, and only then touches the mailbox, so a malicious
symlink in a home directory cannot be used against root.
"""

import argparse
import grp
import logging
import logging.handlers
import mailbox
import os
import pwd
import sys
from email.parser import BytesParser
from email.policy import compat32

EX_OK = 0
EX_NOUSER = 67
EX_TEMPFAIL = 75
EX_NOPERM = 77

log = logging.getLogger("mda")


def setup_logging(debug):
    handler = logging.handlers.SysLogHandler(address="/dev/log",
                                             facility=logging.handlers.SysLogHandler.LOG_MAIL)
    handler.setFormatter(logging.Formatter("mda[%(process)d]: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.DEBUG if debug else logging.INFO)


def resolve_user(recipient):
    local = recipient.split("@", 1)[0].split("+", 1)[0].lower()
    try:
        return pwd.getpwnam(local)
    except KeyError:
        return None


def become_user(pw):
    """Permanently switch to the target user's identity."""
    groups = [g.gr_gid for g in grp.getgrall() if pw.pw_name in g.gr_mem]
    if pw.pw_gid not in groups:
        groups.append(pw.pw_gid)
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    if os.getuid() != pw.pw_uid or os.geteuid() != pw.pw_uid:
        raise PermissionError("failed to drop privileges")
    os.environ.update({"HOME": pw.pw_dir, "USER": pw.pw_name, "LOGNAME": pw.pw_name})
    os.umask(0o077)


def pick_folder(msg, box):
    """Very small sieve: honour X-Spam-Flag and list-id folders."""
    if (msg.get("X-Spam-Flag") or "").strip().upper() == "YES":
        name = "Junk"
    elif msg.get("List-Id"):
        list_id = msg["List-Id"].strip().strip("<>").split(".")[0]
        name = "lists." + "".join(c for c in list_id if c.isalnum() or c in "-_")[:40]
    else:
        return box
    try:
        return box.get_folder(name)
    except mailbox.NoSuchMailboxError:
        return box.add_folder(name)


def deliver(pw, raw):
    msg = BytesParser(policy=compat32).parsebytes(raw)
    root = os.path.join(pw.pw_dir, "Maildir")
    box = mailbox.Maildir(root, create=True)
    target = pick_folder(msg, box)
    key = target.add(mailbox.MaildirMessage(msg))
    log.info("delivered to=%s key=%s size=%d", pw.pw_name, key, len(raw))
    return key


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("recipient")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    setup_logging(args.debug)

    raw = sys.stdin.buffer.read()
    if not raw:
        log.error("empty message for %s", args.recipient)
        return EX_TEMPFAIL

    pw = resolve_user(args.recipient)
    if pw is None:
        log.warning("unknown local user %s", args.recipient)
        return EX_NOUSER
    if pw.pw_uid == 0:
        log.error("refusing delivery to root mailbox")
        return EX_NOPERM

    try:
        if os.geteuid() == 0:
            become_user(pw)
        elif os.geteuid() != pw.pw_uid:
            log.error("not root and not %s, cannot deliver", pw.pw_name)
            return EX_NOPERM
        deliver(pw, raw)
    except PermissionError as exc:
        log.error("permission problem: %s", exc)
        return EX_NOPERM
    except OSError as exc:
        log.error("temporary failure: %s", exc)
        return EX_TEMPFAIL
    return EX_OK


if __name__ == "__main__":
    sys.exit(main())
