#!/usr/bin/env python3
"""Credential hygiene report: checks that well-known credential files in the
user's home have sane permissions and age, without opening them, and writes
a Markdown report into the current directory."""

import argparse
import logging
import stat
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hygiene")
HOME = Path.home()

WATCHED = [
    (".ssh/id_ed25519", "ssh private key"),
    (".ssh/id_rsa", "ssh private key"),
    (".ssh/id_ecdsa", "ssh private key"),
    (".aws/credentials", "aws shared credentials"),
    (".config/gcloud/application_default_credentials.json", "gcloud ADC"),
    (".docker/config.json", "docker registry auth"),
    (".netrc", "netrc"),
    (".pgpass", "postgres passwords"),
]
MAX_AGE_DAYS = 365


@dataclass
class Finding:
    path: str
    kind: str
    mode: str
    age_days: int
    problems: list


def inspect(rel: str, kind: str):
    p = HOME / rel
    try:
        st = p.stat()
    except FileNotFoundError:
        return None
    problems = []
    if st.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        problems.append("readable or writable by group/others")
    if st.st_uid != Path(HOME).stat().st_uid:
        problems.append("not owned by the home directory owner")
    age = int((time.time() - st.st_mtime) // 86400)
    if age > MAX_AGE_DAYS:
        problems.append(f"not rotated for {age} days")
    parent_mode = p.parent.stat().st_mode
    if p.parent != HOME and parent_mode & (stat.S_IWGRP | stat.S_IWOTH):
        problems.append(f"parent {p.parent.name} is group/world writable")
    return Finding(f"~/{rel}", kind, stat.filemode(st.st_mode), age, problems)


def render(findings, missing):
    lines = ["# Credential hygiene report", "",
             f"_generated {time.strftime('%Y-%m-%d %H:%M')}_", "",
             "| file | kind | mode | age (d) | status |",
             "|---|---|---|---|---|"]
    for f in findings:
        status = "; ".join(f.problems) if f.problems else "ok"
        lines.append(f"| `{f.path}` | {f.kind} | `{f.mode}` | {f.age_days} | {status} |")
    if missing:
        lines += ["", "Not present: " + ", ".join(f"`~/{m}`" for m in missing)]
    lines += ["", "Fix modes with `chmod 600 <file>`; rotate keys older than a year."]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="credential_hygiene.md")
    ap.add_argument("--strict", action="store_true", help="exit 1 on any problem")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    findings, missing = [], []
    for rel, kind in WATCHED:
        f = inspect(rel, kind)
        if f is None:
            missing.append(rel)
        else:
            findings.append(f)
    Path(args.out).write_text(render(findings, missing))
    bad = sum(1 for f in findings if f.problems)
    log.info("%d files checked, %d with problems, report: %s", len(findings), bad, args.out)
    if args.strict and bad:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
