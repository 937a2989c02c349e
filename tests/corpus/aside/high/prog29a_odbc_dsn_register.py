#!/usr/bin/env python3
"""Register warehouse ODBC data sources system-wide.

The BI extract tooling (Tableau Bridge, pyodbc scripts, R dbplyr) finds
its connections through unixODBC system DSNs.  This provisioning step
reads dsn_catalog.json from the repository and merges each entry into
/etc/odbc.ini, leaving unrelated sections untouched.  No passwords are
written; drivers authenticate via Kerberos.
"""
import argparse
import configparser
import io
import json
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("odbc_register")

SYSTEM_ODBC_INI = Path("/etc/odbc.ini")
DRIVER_PATHS = {
    "postgres": "/usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so",
    "snowflake": "/usr/lib64/snowflake/odbc/lib/libSnowflake.so",
    "mssql": "/opt/microsoft/msodbcsql18/lib64/libmsodbcsql-18.so",
}
FORBIDDEN_KEYS = {"password", "pwd"}


def load_catalog(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        catalog = json.load(fh)
    for name, entry in catalog.items():
        leaked = FORBIDDEN_KEYS & {k.lower() for k in entry}
        if leaked:
            raise ValueError(f"DSN {name} contains credential keys {sorted(leaked)}")
        if entry.get("driver") not in DRIVER_PATHS:
            raise ValueError(f"DSN {name}: unknown driver {entry.get('driver')!r}")
    return catalog


def render_section(entry: dict) -> dict:
    section = {"Driver": DRIVER_PATHS[entry["driver"]]}
    for key, value in entry.items():
        if key == "driver":
            continue
        section[key[:1].upper() + key[1:]] = str(value)
    return section


def merge(existing_text: str, catalog: dict) -> tuple:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(existing_text)
    changed = []
    for name, entry in sorted(catalog.items()):
        wanted = render_section(entry)
        current = dict(parser[name]) if parser.has_section(name) else None
        if current == wanted:
            continue
        if parser.has_section(name):
            parser.remove_section(name)
        parser.add_section(name)
        for k, v in wanted.items():
            parser.set(name, k, v)
        changed.append(name)
    buf = io.StringIO()
    parser.write(buf, space_around_delimiters=True)
    return buf.getvalue(), changed


def write_system_file(content: str, backup: bool):
    if backup and SYSTEM_ODBC_INI.exists():
        bak = SYSTEM_ODBC_INI.with_name(f"odbc.ini.{time.strftime('%Y%m%d%H%M%S')}.bak")
        shutil.copy2(SYSTEM_ODBC_INI, bak)
        log.info("backed up existing file to %s", bak)
    tmp = SYSTEM_ODBC_INI.with_name(".odbc.ini.new")
    tmp.write_text(content, encoding="utf-8")
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, SYSTEM_ODBC_INI)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--catalog", type=Path, default=Path("config/dsn_catalog.json"))
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--check", action="store_true", help="report drift, do not write")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        catalog = load_catalog(args.catalog)
    except (OSError, ValueError) as exc:
        log.error("catalog problem: %s", exc)
        return 2

    existing = SYSTEM_ODBC_INI.read_text(encoding="utf-8") if SYSTEM_ODBC_INI.exists() else ""
    new_text, changed = merge(existing, catalog)
    if not changed:
        log.info("all %d DSNs already up to date", len(catalog))
        return 0
    log.info("DSNs to update: %s", ", ".join(changed))
    if args.check:
        return 1
    if os.geteuid() != 0:
        log.error("writing %s requires root; re-run with sudo", SYSTEM_ODBC_INI)
        return 3
    write_system_file(new_text, backup=not args.no_backup)
    log.info("wrote %s", SYSTEM_ODBC_INI)
    return 0


if __name__ == "__main__":
    sys.exit(main())
