"""Register warehouse ODBC data sources system-wide so that every ETL
worker on this host (dbt, pyodbc jobs, the BI extractor) sees the same DSNs.
Connection secrets are NOT stored here; jobs pass them at connect time."""
import argparse
import configparser
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("odbc_register")

ODBCINST = Path("/etc/odbcinst.ini")
ODBC_INI = Path("/etc/odbc.ini")

DRIVERS = {
    "PostgreSQL Unicode": {
        "Description": "PostgreSQL ODBC driver (Unicode)",
        "Driver": "/usr/lib/x86_64-linux-gnu/odbc/psqlodbcw.so",
        "UsageCount": "1",
    },
    "ODBC Driver 18 for SQL Server": {
        "Description": "Microsoft ODBC Driver 18 for SQL Server",
        "Driver": "/opt/microsoft/msodbcsql18/lib64/libmsodbcsql-18.3.so.2.1",
        "UsageCount": "1",
    },
}

DSNS = {
    "warehouse_pg": {"Driver": "PostgreSQL Unicode", "Servername": "pg-wh.internal",
                     "Port": "5432", "Database": "analytics", "SSLmode": "require"},
    "finance_mssql": {"Driver": "ODBC Driver 18 for SQL Server", "Server": "mssql-fin.internal,1433",
                      "Database": "ledger", "Encrypt": "yes"},
}


def merge(path: Path, sections: dict, dry_run: bool) -> bool:
    cfg = configparser.ConfigParser(interpolation=None)
    cfg.optionxform = str
    if path.exists():
        cfg.read(path)
    changed = False
    for name, values in sections.items():
        if not cfg.has_section(name):
            cfg.add_section(name)
            changed = True
        for key, value in values.items():
            if cfg[name].get(key) != value:
                cfg[name][key] = value
                changed = True
    if not changed:
        log.info("%s already up to date", path)
        return False
    if dry_run:
        log.info("would update %s with %s", path, sorted(sections))
        return True
    if path.exists():
        shutil.copy2(path, path.with_suffix(f".ini.bak.{int(time.time())}"))
    tmp = path.with_suffix(".ini.new")
    with tmp.open("w") as fh:
        cfg.write(fh, space_around_delimiters=True)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    log.info("updated %s", path)
    return True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", choices=sorted(DSNS), action="append")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dsns = {k: v for k, v in DSNS.items() if not args.only or k in args.only}
    missing = [d for d in {v["Driver"] for v in dsns.values()}
               if not Path(DRIVERS[d]["Driver"]).exists()]
    for d in missing:
        log.warning("driver library for %r not installed", d)
    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write %s", ODBC_INI.parent)
        return 1
    try:
        merge(ODBCINST, {d: DRIVERS[d] for d in {v["Driver"] for v in dsns.values()}}, args.dry_run)
        merge(ODBC_INI, dsns, args.dry_run)
    except OSError as exc:
        log.error("write failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
