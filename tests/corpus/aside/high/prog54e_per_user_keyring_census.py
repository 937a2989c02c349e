#!/usr/bin/env python3
"""Fleet census of per-user secret stores on a shared workstation.

Run as root from the nightly inventory job. For every human account it forks
a child that drops to that user's uid/gid (so root-squashed NFS homes are
readable and no file is touched as root), counts GNOME keyrings, KWallet
files, pass entries and gpg secret keys, and reports the counts back through
a pipe. The census is written to a local CSV; no secret content is read.
"""
import argparse
import csv
import json
import logging
import os
import pwd
import sys
from pathlib import Path

log = logging.getLogger("keyring-census")

STORES = {
    "gnome_keyrings": (".local/share/keyrings", "*.keyring"),
    "kwallets": (".local/share/kwalletd", "*.kwl"),
    "pass_entries": (".password-store", "**/*.gpg"),
    "gpg_private_keys": (".gnupg/private-keys-v1.d", "*.key"),
}


def human_accounts(min_uid):
    for entry in pwd.getpwall():
        if entry.pw_uid >= min_uid and entry.pw_shell not in ("/usr/sbin/nologin", "/bin/false"):
            yield entry


def count_stores(home):
    counts = {}
    for label, (subdir, pattern) in STORES.items():
        base = Path(home) / subdir
        try:
            counts[label] = sum(1 for _ in base.glob(pattern)) if base.is_dir() else 0
        except PermissionError:
            counts[label] = -1
    return counts


def census_as(account):
    """Fork, become `account`, count, and send the counts back as JSON."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        code = 0
        try:
            os.setgroups(os.getgrouplist(account.pw_name, account.pw_gid))
            os.setgid(account.pw_gid)
            os.setuid(account.pw_uid)
            payload = count_stores(account.pw_dir)
        except OSError as exc:
            payload, code = {"error": str(exc)}, 1
        with os.fdopen(write_fd, "w") as out:
            json.dump(payload, out)
        os._exit(code)
    os.close(write_fd)
    with os.fdopen(read_fd) as inp:
        raw = inp.read()
    os.waitpid(pid, 0)
    return json.loads(raw or "{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--out", default="keyring-census.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to switch to each account")
        return 2

    fields = ["user", "uid"] + list(STORES) + ["error"]
    with open(args.out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, restval="")
        writer.writeheader()
        for account in human_accounts(args.min_uid):
            result = census_as(account)
            writer.writerow({"user": account.pw_name, "uid": account.pw_uid, **result})
            log.info("%-16s %s", account.pw_name, result)
    log.info("census written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
