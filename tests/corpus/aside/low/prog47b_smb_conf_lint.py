#!/usr/bin/env python3
"""Lint a candidate smb.conf from the working tree before it is reviewed.

The file is read from the repository checkout (./samba/smb.conf by default);
findings are written to ./reports/smb_lint.json so CI can attach them to the
merge request. Nothing outside the working directory is modified.
"""
import argparse
import configparser
import json
import logging
import pathlib
import sys

log = logging.getLogger("smb-lint")

# (section or "*", option, predicate, message)
RULES = [
    ("global", "server min protocol",
     lambda v: v is not None and v.upper() in ("SMB2_10", "SMB3", "SMB3_11"),
     "server min protocol should be SMB2_10 or newer"),
    ("global", "ntlm auth",
     lambda v: v is None or v.lower() in ("ntlmv2-only", "disabled", "no"),
     "NTLMv1 must not be accepted"),
    ("global", "security",
     lambda v: v is not None and v.lower() in ("ads", "user"),
     "security should be ads (domain member) or user"),
    ("*", "guest ok",
     lambda v: v is None or v.lower() in ("no", "false", "0"),
     "guest access is not allowed on departmental shares"),
    ("*", "create mask",
     lambda v: v is None or int(v, 8) & 0o002 == 0,
     "create mask must not grant world write"),
]


def read_os_family():
    """Best-effort distro hint so the report can mention package names."""
    try:
        text = pathlib.Path("/etc/os-release").read_text()
    except OSError:
        return "unknown"
    fields = dict(
        line.split("=", 1) for line in text.splitlines() if "=" in line
    )
    return fields.get("ID_LIKE", fields.get("ID", "unknown")).strip('"')


def load(path):
    parser = configparser.ConfigParser(
        strict=False, interpolation=None, comment_prefixes=("#", ";"),
        inline_comment_prefixes=(";",),
    )
    parser.optionxform = str.lower
    with open(path, encoding="utf-8") as fh:
        parser.read_file(fh)
    return parser


def check(parser):
    findings = []
    for section_pat, option, ok, message in RULES:
        sections = parser.sections() if section_pat == "*" else [section_pat]
        for section in sections:
            if section_pat == "*" and section in ("global", "printers", "print$"):
                continue
            value = parser.get(section, option, fallback=None) \
                if parser.has_section(section) else None
            try:
                passed = ok(value)
            except ValueError:
                passed = False
            if not passed:
                findings.append({"section": section, "option": option,
                                 "value": value, "message": message})
    return findings


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config", nargs="?", default="samba/smb.conf")
    ap.add_argument("--report", default="reports/smb_lint.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        parser = load(args.config)
    except (OSError, configparser.Error) as exc:
        log.error("cannot parse %s: %s", args.config, exc)
        return 2

    findings = check(parser)
    for f in findings:
        log.warning("[%s] %s = %r: %s", f["section"], f["option"],
                    f["value"], f["message"])

    report = pathlib.Path(args.report)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(json.dumps({
        "config": args.config,
        "os_family": read_os_family(),
        "shares": [s for s in parser.sections() if s != "global"],
        "findings": findings,
    }, indent=2))
    log.info("%d finding(s); report at %s", len(findings), report)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
