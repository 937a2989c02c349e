#!/usr/bin/env python3
"""Lint sshd_config against the CIS 5.2.x OpenSSH server baseline.

Reads the desired directives from an INI profile (falling back to the
built-in defaults), walks the global section of sshd_config keeping track
of Match blocks, and writes a JSON findings report into the current
directory. Nothing on the host is modified.
"""
import argparse
import configparser
import json
import logging
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("sshd-lint")

SSHD_CONFIG = Path(os.environ.get("SSHD_CONFIG", "/etc/ssh/sshd_config"))

DEFAULT_PROFILE = {
    "PermitRootLogin": "no",
    "PasswordAuthentication": "no",
    "PermitEmptyPasswords": "no",
    "X11Forwarding": "no",
    "MaxAuthTries": "4",
    "LoginGraceTime": "60",
    "ClientAliveInterval": "300",
    "ClientAliveCountMax": "3",
    "IgnoreRhosts": "yes",
    "HostbasedAuthentication": "no",
    "LogLevel": "VERBOSE",
    "Ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "MACs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
}

SEVERITY = {
    "permitrootlogin": "high",
    "passwordauthentication": "high",
    "permitemptypasswords": "high",
    "ciphers": "medium",
    "macs": "medium",
}


def load_profile(path):
    profile = dict(DEFAULT_PROFILE)
    if path:
        cp = configparser.ConfigParser()
        cp.optionxform = str
        if not cp.read(path):
            raise FileNotFoundError(path)
        if cp.has_section("sshd"):
            profile.update(cp["sshd"])
    return profile


def parse_lines(text):
    """Yield (line_no, keyword_lower, value, inside_match_block)."""
    in_match = False
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parts = stripped.split(None, 1)
        key = parts[0].lower()
        value = parts[1].strip() if len(parts) > 1 else ""
        if key == "match":
            in_match = True
        yield no, key, value, in_match


def lint(text, profile):
    wanted = {k.lower(): (k, v) for k, v in profile.items()}
    effective = {}
    findings = []
    for no, key, value, in_match in parse_lines(text):
        if in_match:
            if key in wanted:
                findings.append({"line": no, "directive": wanted[key][0],
                                 "severity": "info",
                                 "message": f"overridden inside Match block: {value}"})
            continue
        # sshd honours the first occurrence of a keyword
        if key in effective:
            findings.append({"line": no, "directive": key, "severity": "low",
                             "message": "duplicate directive ignored by sshd"})
            continue
        effective[key] = (no, value)

    for key, (name, expected) in wanted.items():
        sev = SEVERITY.get(key, "low")
        if key not in effective:
            findings.append({"line": None, "directive": name, "severity": sev,
                             "message": f"not set; expected '{expected}'"})
            continue
        no, actual = effective[key]
        if actual.lower() != expected.lower():
            findings.append({"line": no, "directive": name, "severity": sev,
                             "message": f"is '{actual}', expected '{expected}'"})
    return findings


def write_report(findings, config_path, out_path):
    report = {
        "generated": datetime.now(timezone.utc).isoformat(),
        "config": str(config_path),
        "summary": {s: sum(1 for f in findings if f["severity"] == s)
                    for s in ("high", "medium", "low", "info")},
        "findings": findings,
    }
    out_path.write_text(json.dumps(report, indent=2) + "\n")
    return report


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", help="INI file with an [sshd] section")
    ap.add_argument("--config", type=Path, default=SSHD_CONFIG)
    ap.add_argument("--output", type=Path, default=Path("sshd_findings.json"))
    ap.add_argument("--fail-on", choices=("high", "medium", "low"), default="high")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        profile = load_profile(args.profile)
        current = args.config.read_text()
    except (OSError, configparser.Error) as exc:
        LOG.error("cannot load inputs: %s", exc)
        return 2

    findings = lint(current, profile)
    report = write_report(findings, args.config, args.output)
    for f in findings:
        LOG.info("[%s] %s:%s %s %s", f["severity"].upper(), args.config.name,
                 f["line"] or "-", f["directive"], f["message"])
    LOG.info("summary %s -> %s", report["summary"], args.output)

    order = ["high", "medium", "low"]
    threshold = order[: order.index(args.fail_on) + 1]
    return 1 if any(report["summary"][s] for s in threshold) else 0


if __name__ == "__main__":
    sys.exit(main())
