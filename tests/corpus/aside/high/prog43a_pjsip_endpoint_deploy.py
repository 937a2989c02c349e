#!/usr/bin/env python3
"""Render PJSIP endpoint/auth/aor stanzas from a YAML extension list and
install them into the live Asterisk configuration directory."""

import argparse
import grp
import logging
import os
import pwd
import shutil
import time
from pathlib import Path
from string import Template

import yaml

log = logging.getLogger("pjsip-deploy")

ASTERISK_ETC = Path("/etc/asterisk")

STANZA = Template("""\
[$ext]
type=endpoint
context=$context
disallow=all
allow=$codecs
auth=$ext-auth
aors=$ext
callerid="$name" <$ext>

[$ext-auth]
type=auth
auth_type=userpass
username=$ext
password=$secret

[$ext]
type=aor
max_contacts=$max_contacts
""")


def load_extensions(path: Path) -> list:
    with path.open(encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    defaults = doc.get("defaults", {})
    out = []
    for entry in doc.get("extensions", []):
        merged = {"max_contacts": 1, "codecs": "ulaw,alaw", **defaults, **entry}
        if not str(merged.get("ext", "")).isdigit():
            raise ValueError(f"bad extension: {entry!r}")
        out.append(merged)
    return out


def render(exts: list) -> str:
    body = ["; managed by pjsip-deploy, manual edits will be overwritten\n"]
    for e in sorted(exts, key=lambda x: int(x["ext"])):
        body.append(STANZA.substitute(
            ext=e["ext"], context=e.get("context", "from-internal"),
            codecs=e["codecs"], name=e.get("name", e["ext"]),
            secret=e["secret"], max_contacts=e["max_contacts"],
        ))
    return "\n".join(body)


def install(text: str, name: str, owner: str, group: str, keep_backup: bool) -> Path:
    target = ASTERISK_ETC / name
    if keep_backup and target.exists():
        backup = target.with_suffix(f".conf.{time.strftime('%Y%m%d%H%M%S')}")
        shutil.copy2(target, backup)
        log.info("backup saved as %s", backup)
    staging = target.with_suffix(".conf.new")
    staging.write_text(text, encoding="utf-8")
    os.chown(staging, pwd.getpwnam(owner).pw_uid, grp.getgrnam(group).gr_gid)
    os.chmod(staging, 0o640)
    os.replace(staging, target)
    return target


def ensure_include(name: str) -> None:
    main_conf = ASTERISK_ETC / "pjsip.conf"
    line = f"#include {name}\n"
    current = main_conf.read_text(encoding="utf-8") if main_conf.exists() else ""
    if line not in current:
        with main_conf.open("a", encoding="utf-8") as fh:
            fh.write("\n" + line)
        log.info("added include to %s", main_conf)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", type=Path, nargs="?", default=Path("extensions.yaml"))
    ap.add_argument("--name", default="pjsip_endpoints.conf")
    ap.add_argument("--owner", default="asterisk")
    ap.add_argument("--group", default="asterisk")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        exts = load_extensions(args.source)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        log.error("cannot load %s: %s", args.source, exc)
        return 1
    try:
        target = install(render(exts), args.name, args.owner, args.group, not args.no_backup)
        ensure_include(args.name)
    except (PermissionError, KeyError) as exc:
        log.error("install failed (run as root on the PBX?): %s", exc)
        return 2
    log.info("installed %d endpoints into %s; run 'pjsip reload' on the CLI", len(exts), target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
