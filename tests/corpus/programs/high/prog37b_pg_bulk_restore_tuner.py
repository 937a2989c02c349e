#!/usr/bin/env python3
"""Restore a large PostgreSQL custom-format dump onto a dedicated restore
host as fast as possible.

Before the restore the kernel's VM writeback settings are relaxed and the
PostgreSQL service is restarted with a restore-friendly drop-in config;
afterwards every value is put back.  Original values are recorded in
./restore_state.json so an interrupted run can be rolled back with --revert.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("restore_tuner")

STATE_FILE = Path("restore_state.json")
KERNEL_TUNABLES = {
    "vm/dirty_background_ratio": "40",
    "vm/dirty_ratio": "80",
    "vm/dirty_expire_centisecs": "6000",
    "vm/swappiness": "1",
}
PG_SERVICE = "postgresql@16-main"
PG_CONF_DROPIN = Path("/etc/postgresql/16/main/conf.d/90-bulk-restore.conf")
RESTORE_CONF = """# written by restore_tuner; removed after restore
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
maintenance_work_mem = '2GB'
checkpoint_timeout = '1h'
max_wal_size = '64GB'
autovacuum = off
"""


def proc_path(name: str) -> Path:
    return Path("/proc/sys") / name


def read_tunables() -> dict:
    return {name: proc_path(name).read_text().strip() for name in KERNEL_TUNABLES}


def write_tunables(values: dict) -> None:
    for name, value in values.items():
        path = proc_path(name)
        with open(path, "w") as fh:
            fh.write(value + "\n")
        log.info("set %s = %s", name.replace("/", "."), value)


def systemctl(action: str, unit: str) -> None:
    log.info("systemctl %s %s", action, unit)
    subprocess.run(["systemctl", action, unit], check=True)


def wait_for_postgres(dbname: str, timeout: int = 120) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        rc = subprocess.run(["pg_isready", "-d", dbname], capture_output=True).returncode
        if rc == 0:
            return
        time.sleep(2)
    raise TimeoutError("postgres did not become ready")


def apply_restore_mode() -> None:
    if STATE_FILE.exists():
        raise RuntimeError(f"{STATE_FILE} exists: a previous run was not reverted (use --revert)")
    state = {"tunables": read_tunables(), "dropin": str(PG_CONF_DROPIN)}
    STATE_FILE.write_text(json.dumps(state, indent=2))
    write_tunables(KERNEL_TUNABLES)
    PG_CONF_DROPIN.parent.mkdir(parents=True, exist_ok=True)
    PG_CONF_DROPIN.write_text(RESTORE_CONF)
    shutil.chown(PG_CONF_DROPIN, user="postgres", group="postgres")
    systemctl("restart", PG_SERVICE)


def revert_restore_mode() -> None:
    if not STATE_FILE.exists():
        log.info("nothing to revert")
        return
    state = json.loads(STATE_FILE.read_text())
    write_tunables(state["tunables"])
    dropin = Path(state["dropin"])
    if dropin.exists():
        dropin.unlink()
    systemctl("restart", PG_SERVICE)
    STATE_FILE.unlink()
    log.info("restore mode reverted")


def run_restore(dump: Path, dbname: str, jobs: int) -> None:
    cmd = [
        "pg_restore", "--dbname", dbname, "--jobs", str(jobs),
        "--no-owner", "--no-privileges", "--exit-on-error", str(dump),
    ]
    log.info("running: %s", " ".join(cmd))
    started = time.monotonic()
    subprocess.run(cmd, check=True)
    log.info("pg_restore finished in %.1f min", (time.monotonic() - started) / 60)
    subprocess.run(["vacuumdb", "--analyze-in-stages", "--dbname", dbname], check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dump", nargs="?", type=Path)
    ap.add_argument("--dbname", default="analytics")
    ap.add_argument("--jobs", type=int, default=8)
    ap.add_argument("--revert", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.revert:
        revert_restore_mode()
        return 0
    if not args.dump or not args.dump.is_file():
        ap.error("a dump file is required")

    apply_restore_mode()
    try:
        wait_for_postgres(args.dbname)
        run_restore(args.dump, args.dbname, args.jobs)
    except (subprocess.CalledProcessError, TimeoutError) as exc:
        log.error("restore failed: %s", exc)
        return 1
    finally:
        revert_restore_mode()
    return 0


if __name__ == "__main__":
    sys.exit(main())
