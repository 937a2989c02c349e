#!/usr/bin/env python3
"""Password-policy auditor for the lab domain exercise.

Two checks, both offline:

1. account settings: reads the CSV the students export from the lab domain
   controller (sAMAccountName, pwdLastSet, flags...) and flags accounts that
   break the policy in policy.ini (maximum age, never-expires, no password
   required, stale admin accounts);
2. candidate passwords: scores a list of proposed passwords against the
   length / character-class / banned-word rules of the same policy.

Results go to audit_report.md in the working directory.
"""
import argparse
import configparser
import csv
import datetime as dt
import logging
import math
import re
import string
import sys
from pathlib import Path

LOG = logging.getLogger("pwaudit")

DEFAULT_POLICY = {
    "policy": {
        "min_length": "12",
        "min_classes": "3",
        "max_age_days": "180",
        "stale_admin_days": "60",
        "banned_words": "password,welcome,winter,summer,company,letmein,qwerty",
    }
}
CLASSES = [string.ascii_lowercase, string.ascii_uppercase, string.digits, string.punctuation]


def load_policy(path: Path):
    cfg = configparser.ConfigParser()
    cfg.read_dict(DEFAULT_POLICY)
    if path.exists():
        cfg.read(path)
    p = cfg["policy"]
    return {
        "min_length": p.getint("min_length"),
        "min_classes": p.getint("min_classes"),
        "max_age": dt.timedelta(days=p.getint("max_age_days")),
        "stale_admin": dt.timedelta(days=p.getint("stale_admin_days")),
        "banned": [w.strip().lower() for w in p["banned_words"].split(",") if w.strip()],
    }


def parse_time(value):
    value = (value or "").strip()
    if not value or value in ("0", "never"):
        return None
    for fmt in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            return dt.datetime.strptime(value[:19], fmt)
        except ValueError:
            continue
    return None


def audit_accounts(csv_path: Path, policy, now=None):
    now = now or dt.datetime.now()
    findings = []
    with csv_path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            user = row.get("sAMAccountName") or row.get("user") or "?"
            flags = (row.get("flags") or "").upper()
            last_set = parse_time(row.get("pwdLastSet"))
            last_logon = parse_time(row.get("lastLogon"))
            is_admin = row.get("admin", "").lower() in ("1", "true", "yes")
            if "DONT_EXPIRE_PASSWORD" in flags:
                findings.append((user, "password never expires"))
            if "PASSWD_NOTREQD" in flags:
                findings.append((user, "no password required"))
            if last_set and now - last_set > policy["max_age"]:
                findings.append((user, f"password age {(now - last_set).days} days"))
            if is_admin and last_logon and now - last_logon > policy["stale_admin"]:
                findings.append((user, f"admin account idle {(now - last_logon).days} days"))
    return findings


def entropy_bits(pw):
    pool = sum(len(c) for c in CLASSES if any(ch in c for ch in pw))
    return len(pw) * math.log2(pool) if pool else 0.0


def check_candidate(pw, policy):
    problems = []
    if len(pw) < policy["min_length"]:
        problems.append(f"shorter than {policy['min_length']}")
    classes = sum(1 for c in CLASSES if any(ch in c for ch in pw))
    if classes < policy["min_classes"]:
        problems.append(f"only {classes} character classes")
    folded = pw.lower().translate(str.maketrans("4310$@5", "aeiossa"))
    for word in policy["banned"]:
        if word in folded:
            problems.append(f"contains banned word '{word}'")
    if re.search(r"(.)\1\1", pw):
        problems.append("three or more repeated characters")
    if re.search(r"(19|20)\d\d$", pw):
        problems.append("ends with a year")
    return problems


def write_report(out: Path, account_findings, candidate_results):
    lines = ["# Password policy audit", "", f"Generated {dt.datetime.now():%Y-%m-%d %H:%M}", ""]
    lines += ["## Accounts", ""]
    lines += [f"- **{u}**: {msg}" for u, msg in account_findings] or ["- no findings"]
    lines += ["", "## Candidate passwords", "", "| # | bits | result |", "|---|------|--------|"]
    for idx, (bits, problems) in enumerate(candidate_results, 1):
        lines.append(f"| {idx} | {bits:.0f} | {'; '.join(problems) or 'ok'} |")
    out.write_text("\n".join(lines) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="lab password-policy auditor")
    ap.add_argument("--policy", type=Path, default=Path("policy.ini"))
    ap.add_argument("--accounts", type=Path, help="CSV export of domain accounts")
    ap.add_argument("--candidates", type=Path, help="file with one proposed password per line")
    ap.add_argument("-o", "--output", type=Path, default=Path("audit_report.md"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not args.accounts and not args.candidates:
        ap.error("give --accounts and/or --candidates")
    policy = load_policy(args.policy)

    account_findings = audit_accounts(args.accounts, policy) if args.accounts else []
    candidate_results = []
    if args.candidates:
        for pw in args.candidates.read_text(encoding="utf-8").splitlines():
            if pw:
                candidate_results.append((entropy_bits(pw), check_candidate(pw, policy)))

    write_report(args.output, account_findings, candidate_results)
    args.output.chmod(0o600)
    failing = sum(1 for _, p in candidate_results if p)
    LOG.info("%d account finding(s), %d/%d candidate(s) failing; report in %s",
             len(account_findings), failing, len(candidate_results), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
