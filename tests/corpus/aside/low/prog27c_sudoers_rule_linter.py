#!/usr/bin/env python3
"""Read-only linter for an exported sudoers file.

Parses a sudoers copy (default ./sudoers plus ./sudoers.d/*) and reports
rules that are commonly flagged in reviews: NOPASSWD on ALL, !authenticate,
wildcards in command paths, editors and shells as allowed commands, and
missing hardening Defaults. Nothing is modified.
"""
import argparse
import glob
import os
import re
import sys

RISKY_BINARIES = ("vi", "vim", "nano", "less", "more", "bash", "sh", "zsh",
                  "python", "python3", "perl", "find", "awk", "tar", "env")
WANTED_DEFAULTS = ("use_pty", "logfile", "requiretty", "env_reset")


def logical_lines(path):
    buf = ""
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n")
            if line.endswith("\\"):
                buf += line[:-1] + " "
                continue
            buf += line
            text = buf.split("#", 1)[0].strip() if not buf.lstrip().startswith("#include") else buf.strip()
            buf = ""
            if text:
                yield number, text


def lint_file(path, findings, defaults_seen):
    for number, text in logical_lines(path):
        where = f"{path}:{number}"
        if text.startswith("Defaults"):
            for item in WANTED_DEFAULTS:
                if item in text:
                    defaults_seen.add(item)
            if "!env_reset" in text or "!authenticate" in text:
                findings.append((where, "HIGH", f"weakening default: {text}"))
            continue
        if "=" not in text or text.startswith(("User_Alias", "Cmnd_Alias", "Host_Alias", "Runas_Alias")):
            continue
        spec = text.split("=", 1)[1]
        if "NOPASSWD" in spec and re.search(r"NOPASSWD:\s*ALL\b", spec):
            findings.append((where, "HIGH", "NOPASSWD for ALL commands"))
        if "!authenticate" in spec:
            findings.append((where, "HIGH", "authentication disabled for rule"))
        if re.search(r"/\S*\*", spec):
            findings.append((where, "MEDIUM", "wildcard in command path"))
        for cmd in re.findall(r"(/[\w./-]+)", spec):
            if os.path.basename(cmd) in RISKY_BINARIES:
                findings.append((where, "MEDIUM", f"shell-escape capable command {cmd}"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sudoers", nargs="?", default="sudoers")
    parser.add_argument("--dropins", default="sudoers.d")
    args = parser.parse_args()

    files = [args.sudoers] + sorted(glob.glob(os.path.join(args.dropins, "*")))
    files = [f for f in files if os.path.isfile(f)]
    if not files:
        print("no sudoers files found", file=sys.stderr)
        return 2

    findings = []
    defaults_seen = set()
    for path in files:
        lint_file(path, findings, defaults_seen)
    for item in WANTED_DEFAULTS:
        if item not in defaults_seen:
            findings.append(("(global)", "LOW", f"Defaults {item} not set"))

    for where, severity, message in findings:
        print(f"[{severity:<6}] {where}: {message}")
    print(f"{len(findings)} finding(s) in {len(files)} file(s)")
    return 1 if any(sev == "HIGH" for _, sev, _ in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
