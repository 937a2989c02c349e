#!/usr/bin/env python3
"""Register the PostgreSQL ODBC driver and the warehouse DSN on an analyst VM.

SAS and R users on the analytics VMs connect to the research warehouse via
ODBC.  This tool checks the system-wide odbcinst.ini / odbc.ini for the
driver and DSN, renders any missing sections, and writes a small installer
script that appends them with `sudo tee -a`, then runs it.  No credentials
are written; users authenticate with their own Kerberos tickets.
"""

import argparse
import configparser
import logging
import os
import subprocess
import sys
from pathlib import Path

ODBCINST = "/etc/odbcinst.ini"
ODBC_INI = "/etc/odbc.ini"
DRIVER_NAME = "PostgreSQL Unicode"
DRIVER_LIBS = [
    "/usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so",
    "/usr/lib64/psqlodbcw.so",
]

log = logging.getLogger("odbc-register")

INSTALLER = """#!/usr/bin/env bash
set -euo pipefail
if [ -n "${DRIVER_SECTION:-}" ]; then
    printf '\\n%s\\n' "$DRIVER_SECTION" | sudo tee -a "$ODBCINST_PATH" > "$LOG_PATH"
    echo "driver section appended to $ODBCINST_PATH"
fi
if [ -n "${DSN_SECTION:-}" ]; then
    printf '\\n%s\\n' "$DSN_SECTION" | sudo tee -a "$ODBC_INI_PATH" >> "$LOG_PATH"
    echo "DSN section appended to $ODBC_INI_PATH"
fi
sudo chmod 0644 "$ODBCINST_PATH" "$ODBC_INI_PATH"
"""


class OdbcConfig:
    def __init__(self, path):
        self.path = Path(path)
        self.parser = configparser.ConfigParser(interpolation=None)
        if self.path.exists():
            self.parser.read(self.path)

    def has(self, section):
        return self.parser.has_section(section)


def find_driver_lib(explicit=None):
    candidates = [explicit] if explicit else DRIVER_LIBS
    for cand in candidates:
        if cand and Path(cand).exists():
            return cand
    return None


def render_driver(lib):
    return "\n".join([
        f"[{DRIVER_NAME}]",
        "Description=PostgreSQL ODBC driver (Unicode)",
        f"Driver={lib}",
        "UsageCount=1",
    ])


def render_dsn(dsn, host, port, database):
    return "\n".join([
        f"[{dsn}]",
        f"Driver={DRIVER_NAME}",
        f"Servername={host}",
        f"Port={port}",
        f"Database={database}",
        "SSLmode=require",
        "ReadOnly=Yes",
    ])


def main():
    ap = argparse.ArgumentParser(description="Register warehouse ODBC DSN")
    ap.add_argument("--dsn", default="RDW_PROD")
    ap.add_argument("--host", default="rdw-db.example.org")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--database", default="research_dw")
    ap.add_argument("--driver-lib")
    ap.add_argument("--workdir", default="./odbc_setup")
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inst, dsns = OdbcConfig(ODBCINST), OdbcConfig(ODBC_INI)
    env = dict(os.environ, ODBCINST_PATH=ODBCINST, ODBC_INI_PATH=ODBC_INI)

    if inst.has(DRIVER_NAME):
        log.info("driver '%s' already registered", DRIVER_NAME)
    else:
        lib = find_driver_lib(args.driver_lib)
        if lib is None:
            log.error("psqlODBC library not found; install odbc-postgresql first")
            return 1
        env["DRIVER_SECTION"] = render_driver(lib)

    if dsns.has(args.dsn):
        log.info("DSN '%s' already present", args.dsn)
    else:
        env["DSN_SECTION"] = render_dsn(args.dsn, args.host, args.port, args.database)

    if "DRIVER_SECTION" not in env and "DSN_SECTION" not in env:
        log.info("nothing to do")
        return 0
    if args.check:
        log.info("changes needed: %s", [k for k in ("DRIVER_SECTION", "DSN_SECTION") if k in env])
        return 0

    workdir = Path(args.workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    script = workdir / "install_odbc.sh"
    script.write_text(INSTALLER)
    script.chmod(0o700)
    env["LOG_PATH"] = str(workdir / "install.log")

    proc = subprocess.run(["bash", str(script)], env=env, text=True, capture_output=True)
    if proc.returncode != 0:
        log.error("installer failed: %s", proc.stderr.strip())
        return proc.returncode
    for line in proc.stdout.splitlines():
        log.info(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
