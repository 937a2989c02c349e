#!/usr/bin/env python3
"""Allow a new application subnet to reach PostgreSQL.

Adds (idempotently) a hostssl rule to pg_hba.conf for the given cluster,
keeps a timestamped backup next to the file, validates the result with
pg_hba_file_rules and reloads the cluster through systemd.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("pg_hba")
MARKER = "# managed-by: pg_hba_add_subnet"
VALID_METHODS = {"scram-sha-256", "md5", "cert"}


def hba_path(version: str, cluster: str) -> Path:
    return Path("/etc/postgresql") / version / cluster / "pg_hba.conf"


def build_rule(database: str, user: str, cidr: str, method: str) -> str:
    net = ipaddress.ip_network(cidr, strict=True)
    if net.prefixlen < 16 and net.version == 4:
        raise ValueError(f"refusing overly broad network {net}")
    if method not in VALID_METHODS:
        raise ValueError(f"unsupported auth method {method}")
    return f"hostssl {database:<15} {user:<15} {str(net):<20} {method}  {MARKER}"


def already_present(lines, rule: str) -> bool:
    wanted = rule.split(MARKER)[0].split()
    return any(line.split("#")[0].split() == wanted for line in lines)


def insert_rule(lines, rule: str):
    # place the rule before the first catch-all reject, otherwise append
    for idx, line in enumerate(lines):
        fields = line.split("#")[0].split()
        if fields and fields[-1] == "reject":
            return lines[:idx] + [rule] + lines[idx:]
    return lines + [rule]


def validate(version: str, port: int) -> None:
    out = subprocess.run(
        ["psql", "-p", str(port), "-Atc",
         "SELECT line_number, error FROM pg_hba_file_rules WHERE error IS NOT NULL"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    if out:
        raise RuntimeError(f"pg_hba.conf has errors:\n{out}")


def reload_cluster(version: str, cluster: str) -> None:
    unit = f"postgresql@{version}-{cluster}.service"
    subprocess.run(["systemctl", "reload", unit], check=True)
    state = subprocess.run(["systemctl", "is-active", unit],
                           capture_output=True, text=True).stdout.strip()
    log.info("%s is %s after reload", unit, state)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cidr", help="e.g. 10.42.16.0/24")
    ap.add_argument("--database", default="app")
    ap.add_argument("--user", default="app_rw")
    ap.add_argument("--method", default="scram-sha-256")
    ap.add_argument("--pg-version", default="16")
    ap.add_argument("--cluster", default="main")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    path = hba_path(args.pg_version, args.cluster)
    try:
        rule = build_rule(args.database, args.user, args.cidr, args.method)
        lines = path.read_text().splitlines()
    except (ValueError, OSError) as exc:
        log.error("%s", exc)
        return 2

    if already_present(lines, rule):
        log.info("rule already present, nothing to do")
        return 0
    new_lines = insert_rule(lines, rule)
    if args.dry_run:
        print("\n".join(new_lines))
        return 0

    backup = path.with_name(f"pg_hba.conf.{time.strftime('%Y%m%d%H%M%S')}")
    shutil.copy2(path, backup)
    path.write_text("\n".join(new_lines) + "\n")
    shutil.chown(path, user="postgres", group="postgres")
    path.chmod(0o640)
    log.info("wrote %s (backup %s)", path, backup)

    try:
        validate(args.pg_version, args.port)
        reload_cluster(args.pg_version, args.cluster)
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        log.error("validation/reload failed, restoring backup: %s", exc)
        shutil.copy2(backup, path)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
