#!/usr/bin/env python3
"""PAM password and lockout policy reporter (CIS 5.4).

Usually started from root's cron.  Opens its output file first, then drops
to an unprivileged account (via libc setgroups/setresgid/setresuid) before
parsing any configuration, so that a malformed PAM file can never be
parsed with root privileges.  Checks pam_pwquality, pam_faillock,
pam_pwhistory and password hashing settings.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import re
import sys

log = logging.getLogger("pam-report")

PAM_FILES = ["/etc/pam.d/common-password", "/etc/pam.d/common-auth",
             "/etc/pam.d/system-auth", "/etc/pam.d/password-auth"]
PWQUALITY = "/etc/security/pwquality.conf"
FAILLOCK = "/etc/security/faillock.conf"
LOGIN_DEFS = "/etc/login.defs"

CHECKS = [
    # (id, source, key, predicate, description)
    ("5.4.1-minlen", "pwquality", "minlen", lambda v: int(v) >= 14, "minlen >= 14"),
    ("5.4.1-minclass", "pwquality", "minclass", lambda v: int(v) >= 4, "minclass >= 4"),
    ("5.4.2-deny", "faillock", "deny", lambda v: 0 < int(v) <= 5, "deny 1..5"),
    ("5.4.2-unlock", "faillock", "unlock_time", lambda v: int(v) == 0 or int(v) >= 900,
     "unlock_time 0 or >= 900"),
    ("5.4.3-remember", "pam", "remember", lambda v: int(v) >= 5, "pwhistory remember >= 5"),
    ("5.4.4-hash", "logindefs", "ENCRYPT_METHOD", lambda v: v.upper() in ("SHA512", "YESCRYPT"),
     "SHA512 or yescrypt"),
]


class PrivilegeDropError(RuntimeError):
    pass


def drop_privileges(username, groupname):
    """Permanently switch real, effective and saved IDs to username/groupname."""
    if os.geteuid() != 0:
        log.debug("not root; nothing to drop")
        return
    uid = pwd.getpwnam(username).pw_uid
    gid = grp.getgrnam(groupname).gr_gid
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    gid_arr = (ctypes.c_uint * 1)(gid)
    if libc.setgroups(ctypes.c_size_t(1), gid_arr) != 0:
        raise PrivilegeDropError("setgroups: " + os.strerror(ctypes.get_errno()))
    if libc.setresgid(gid, gid, gid) != 0:
        raise PrivilegeDropError("setresgid: " + os.strerror(ctypes.get_errno()))
    if libc.setresuid(uid, uid, uid) != 0:
        raise PrivilegeDropError("setresuid: " + os.strerror(ctypes.get_errno()))
    if os.getuid() != uid or os.geteuid() != uid:
        raise PrivilegeDropError("uid did not change")
    log.info("dropped privileges to %s:%s", username, groupname)


def read_kv(path, sep=None):
    values = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                if sep and sep in line:
                    k, v = line.split(sep, 1)
                else:
                    parts = line.split(None, 1)
                    if len(parts) != 2:
                        continue
                    k, v = parts
                values[k.strip()] = v.strip()
    except FileNotFoundError:
        log.debug("%s not present", path)
    return values


def read_pam_args():
    args = {}
    for path in PAM_FILES:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.lstrip().startswith("#"):
                    continue
                for m in re.finditer(r"\b(\w+)=(\S+)", line):
                    args.setdefault(m.group(1), m.group(2))
    return args


def evaluate(sources):
    results = []
    for cid, src, key, pred, desc in CHECKS:
        value = sources[src].get(key)
        try:
            ok = value is not None and bool(pred(value))
        except ValueError:
            ok = False
        results.append({"id": cid, "key": key, "value": value, "expected": desc,
                        "status": "pass" if ok else "fail"})
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="pam_policy_report.json")
    ap.add_argument("--run-as", default="nobody")
    ap.add_argument("--run-group", default="nogroup")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    out_fh = open(args.out, "w", encoding="utf-8")
    try:
        drop_privileges(args.run_as, args.run_group)
    except (KeyError, PrivilegeDropError) as exc:
        log.error("refusing to continue: %s", exc)
        return 2

    sources = {
        "pwquality": read_kv(PWQUALITY, sep="="),
        "faillock": read_kv(FAILLOCK, sep="="),
        "logindefs": read_kv(LOGIN_DEFS),
        "pam": read_pam_args(),
    }
    results = evaluate(sources)
    with out_fh:
        json.dump({"benchmark": "CIS 5.4", "results": results}, out_fh, indent=2)
    failed = [r for r in results if r["status"] == "fail"]
    for r in results:
        log.info("%-16s %-4s %s=%s", r["id"], r["status"].upper(), r["key"], r["value"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
