#!/usr/bin/env python3
"""Download new POP3 mail into a local Maildir, leaving it on the server.

"Leave on server" mode needs to remember which UIDLs were already
downloaded; that state is kept in ./.pop3_seen.pkl between runs.
Configuration lives in ./popfetch.ini:

    [account]
    host = pop.example.net
    user = alice@example.net
    maildir = ./Maildir
    keep_days = 30
"""

import configparser
import getpass
import logging
import mailbox
import os
import pickle
import poplib
import sys
import time
from email.parser import BytesParser
from email.policy import default as default_policy

STATE_FILE = ".pop3_seen.pkl"
log = logging.getLogger("popfetch")


class SeenState:
    """UIDL -> first-seen timestamp, persisted with pickle."""

    def __init__(self, path=STATE_FILE):
        self.path = path
        self.seen = {}

    def load(self):
        if os.path.exists(self.path):
            with open(self.path, "rb") as fh:
                self.seen = pickle.load(fh)
            log.debug("loaded %d seen uidls", len(self.seen))
        return self

    def save(self):
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as fh:
            pickle.dump(self.seen, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)

    def __contains__(self, uidl):
        return uidl in self.seen

    def mark(self, uidl):
        self.seen[uidl] = time.time()

    def expire(self, max_age_days, present):
        cutoff = time.time() - max_age_days * 86400
        stale = [u for u, t in self.seen.items() if t < cutoff and u not in present]
        for u in stale:
            del self.seen[u]
        return len(stale)


def read_config(path="popfetch.ini"):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise SystemExit(f"missing {path}")
    acct = cfg["account"]
    return {
        "host": acct["host"],
        "port": acct.getint("port", 995),
        "user": acct["user"],
        "maildir": acct.get("maildir", "./Maildir"),
        "keep_days": acct.getint("keep_days", 30),
    }


def fetch(conf, password, state):
    box = mailbox.Maildir(conf["maildir"], create=True)
    parser = BytesParser(policy=default_policy)
    server = poplib.POP3_SSL(conf["host"], conf["port"], timeout=60)
    try:
        server.user(conf["user"])
        server.pass_(password)
        _, listing, _ = server.uidl()
        present = set()
        new = 0
        for entry in listing:
            num, uidl = entry.decode().split(" ", 1)
            present.add(uidl)
            if uidl in state:
                continue
            _, lines, _ = server.retr(int(num))
            msg = parser.parsebytes(b"\r\n".join(lines))
            key = box.add(mailbox.MaildirMessage(msg))
            state.mark(uidl)
            new += 1
            log.info("stored %s (%s)", key, msg.get("Subject", "")[:60])
        expired = state.expire(conf["keep_days"], present)
        log.info("%d new, %d on server, %d stale uidls expired", new, len(present), expired)
    finally:
        server.quit()


def main():
    logging.basicConfig(level=os.environ.get("POPFETCH_LOGLEVEL", "INFO"),
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = read_config()
    password = os.environ.get("POP3_PASSWORD") or getpass.getpass(f"Password for {conf['user']}: ")
    state = SeenState().load()
    try:
        fetch(conf, password, state)
    except (poplib.error_proto, OSError) as exc:
        log.error("fetch failed: %s", exc)
        return 1
    finally:
        state.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
