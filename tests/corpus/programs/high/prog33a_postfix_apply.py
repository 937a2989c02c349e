#!/usr/bin/env python3
"""Render Postfix main.cf / virtual maps from a site profile and apply them.

Reads mailhost.ini, writes main.cf and the virtual alias map straight into
/etc/postfix (keeping a timestamped backup), rebuilds the lookup tables and
reloads the running Postfix instance.
"""

import argparse
import configparser
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("postfix-apply")

POSTFIX_DIR = Path("/etc/postfix")

BASE_SETTINGS = [
    ("smtpd_banner", "$myhostname ESMTP"),
    ("biff", "no"),
    ("append_dot_mydomain", "no"),
    ("compatibility_level", "3.6"),
    ("smtpd_tls_security_level", "may"),
    ("smtp_tls_security_level", "may"),
    ("smtpd_relay_restrictions",
     "permit_mynetworks permit_sasl_authenticated defer_unauth_destination"),
    ("mailbox_size_limit", "0"),
    ("recipient_delimiter", "+"),
]


def render_main_cf(profile):
    settings = dict(BASE_SETTINGS)
    site = profile["site"]
    settings["myhostname"] = site["hostname"]
    settings["mydomain"] = site["domain"]
    settings["myorigin"] = "$mydomain"
    settings["mynetworks"] = site.get("mynetworks", "127.0.0.0/8 [::1]/128")
    if profile.has_section("virtual"):
        settings["virtual_alias_domains"] = profile["virtual"].get("domains", "")
        settings["virtual_alias_maps"] = f"hash:{POSTFIX_DIR / 'virtual'}"
    if profile.has_section("overrides"):
        settings.update(profile["overrides"])
    lines = ["# managed by postfix-apply"]
    lines += [f"{k} = {v}" for k, v in settings.items()]
    return "\n".join(lines) + "\n"


def render_virtual(profile):
    if not profile.has_section("aliases"):
        return ""
    rows = [f"{src:<40} {dst}" for src, dst in sorted(profile["aliases"].items())]
    return "\n".join(rows) + "\n"


def install(name: str, content: str, dry_run: bool) -> bool:
    target = POSTFIX_DIR / name
    current = target.read_text() if target.exists() else ""
    if current == content:
        log.info("%s unchanged", target)
        return False
    if dry_run:
        log.info("[dry-run] would rewrite %s", target)
        return True
    if target.exists():
        backup = target.with_name(f"{name}.bak-{time.strftime('%Y%m%d%H%M%S')}")
        shutil.copy2(target, backup)
        log.info("backup %s", backup)
    tmp = target.with_suffix(".new")
    tmp.write_text(content, encoding="utf-8")
    tmp.chmod(0o644)
    tmp.replace(target)
    log.info("installed %s", target)
    return True


def run(cmd):
    log.info("+ %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("%s failed: %s", cmd[0], proc.stderr.strip())
        raise SystemExit(proc.returncode)
    return proc.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="mailhost.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    profile = configparser.ConfigParser()
    profile.optionxform = str
    if not profile.read(args.profile) or "site" not in profile:
        log.error("cannot read a [site] section from %s", args.profile)
        return 1

    changed = install("main.cf", render_main_cf(profile), args.dry_run)
    virtual = render_virtual(profile)
    if virtual:
        if install("virtual", virtual, args.dry_run) and not args.dry_run:
            run(["postmap", str(POSTFIX_DIR / "virtual")])
            changed = True

    if args.dry_run or not changed:
        return 0
    run(["postfix", "check"])
    if not args.no_reload:
        run(["systemctl", "reload", "postfix"])
        status = run(["systemctl", "is-active", "postfix"]).strip()
        log.info("postfix is %s", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
