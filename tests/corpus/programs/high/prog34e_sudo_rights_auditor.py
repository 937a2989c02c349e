#!/usr/bin/env python3
"""Audit sudo rights of all interactive accounts (CIS 5.3 / SOX access review).

For every account with a login shell, asks sudo which commands the account
may run, flags NOPASSWD and ALL grants, checks the sudoers syntax and the
presence of use_pty / logfile defaults.  Produces a CSV for the access
review.  Needs passwordless sudo for the auditing account.
"""
import argparse
import csv
import logging
import pwd
import re
import sys
from subprocess import PIPE, Popen, TimeoutExpired

log = logging.getLogger("sudo-audit")

NOLOGIN_SHELLS = {"/usr/sbin/nologin", "/sbin/nologin", "/bin/false", "/usr/bin/false"}
SUDO = ["sudo", "-n"]


def sh(argv, timeout=30):
    proc = Popen(argv, stdout=PIPE, stderr=PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    return proc.returncode, out, err


def interactive_accounts(min_uid):
    for entry in pwd.getpwall():
        if entry.pw_shell in NOLOGIN_SHELLS:
            continue
        if entry.pw_uid != 0 and entry.pw_uid < min_uid:
            continue
        yield entry.pw_name, entry.pw_uid


RULE_RE = re.compile(r"^\s*\((?P<runas>[^)]*)\)\s*(?P<tags>(?:[A-Z_]+:\s*)*)(?P<cmds>.+)$")


def sudo_rules_for(user):
    rc, out, err = sh(SUDO + ["-l", "-U", user])
    if rc != 0:
        if "not allowed to run sudo" in out + err:
            return []
        raise RuntimeError(err.strip() or f"sudo -l -U {user} failed ({rc})")
    rules = []
    for line in out.splitlines():
        m = RULE_RE.match(line)
        if not m:
            continue
        rules.append({
            "runas": m.group("runas").strip(),
            "nopasswd": "NOPASSWD" in m.group("tags"),
            "commands": m.group("cmds").strip(),
        })
    return rules


def sudoers_defaults():
    """Check global Defaults in the main sudoers file and drop-ins."""
    findings = {}
    rc, out, _ = sh(SUDO + ["visudo", "-c", "-q"])
    findings["syntax_ok"] = rc == 0
    rc, text, err = sh(SUDO + ["cat", "/etc/sudoers"])
    if rc != 0:
        log.warning("cannot read sudoers: %s", err.strip())
        text = ""
    rc, listing, _ = sh(SUDO + ["ls", "-1", "/etc/sudoers.d"])
    for name in listing.split():
        if name.startswith(".") or name.endswith("~"):
            continue
        _, extra, _ = sh(SUDO + ["cat", f"/etc/sudoers.d/{name}"])
        text += "\n" + extra
    findings["use_pty"] = bool(re.search(r"^\s*Defaults\s+.*\buse_pty\b", text, re.M))
    findings["logfile"] = bool(re.search(r"^\s*Defaults\s+.*\blogfile\s*=", text, re.M))
    findings["timestamp_timeout"] = bool(re.search(r"timestamp_timeout\s*=\s*([0-9]|1[0-5])\b", text))
    return findings


def classify(rule):
    risky = rule["commands"] == "ALL" or rule["commands"].endswith(" ALL")
    if risky and rule["nopasswd"]:
        return "critical"
    if risky or rule["nopasswd"]:
        return "review"
    return "ok"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--min-uid", type=int, default=1000)
    ap.add_argument("--csv", default="sudo_access_review.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rc, _, err = sh(SUDO + ["true"])
    if rc != 0:
        log.error("passwordless sudo required for auditing: %s", err.strip())
        return 2

    defaults = sudoers_defaults()
    for key, ok in defaults.items():
        log.info("sudoers %-18s %s", key, "PASS" if ok else "FAIL")

    rows, critical = [], 0
    for user, uid in interactive_accounts(args.min_uid):
        try:
            rules = sudo_rules_for(user)
        except RuntimeError as exc:
            log.warning("%s: %s", user, exc)
            continue
        for rule in rules:
            verdict = classify(rule)
            critical += verdict == "critical"
            rows.append([user, uid, rule["runas"], rule["nopasswd"], rule["commands"], verdict])

    with open(args.csv, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["user", "uid", "runas", "nopasswd", "commands", "verdict"])
        writer.writerows(rows)
    log.info("%d sudo grants reviewed, %d critical; written to %s", len(rows), critical, args.csv)
    return 1 if critical or not all(defaults.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
