#!/usr/bin/env bash
# payroll_db_backup.sh - nightly dump of the driver payroll database.
#
# The payroll database only trusts the local postgres role, so the dump runs
# as that user through sudo. Dumps go to ./backups/, are compressed, checked
# by an inline Python helper and recorded in ./backups/manifest.json.
set -euo pipefail

DB_NAME="${PAYROLL_DB:-taxi_payroll}"
BACKUP_DIR="./backups"
KEEP=14
STAMP="$(date +%Y%m%d_%H%M%S)"

log() { printf '%s [payroll-backup] %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() { echo "Usage: $0 [-d dbname] [-k keep_count]"; }

while getopts ":d:k:h" opt; do
    case "$opt" in
        d) DB_NAME="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DB_NAME" =~ ^[a-z_][a-z0-9_]*$ ]] || { log "invalid db name"; exit 2; }
[[ "$KEEP" =~ ^[0-9]+$ ]] || { log "invalid keep count"; exit 2; }

mkdir -p "$BACKUP_DIR"
chmod 0700 "$BACKUP_DIR"
DUMP="$BACKUP_DIR/${DB_NAME}_${STAMP}.sql.gz"

log "dumping $DB_NAME as postgres"
if ! sudo -n -u postgres pg_dump --no-owner --clean "$DB_NAME" | gzip -9 > "$DUMP"; then
    log "pg_dump failed"
    rm -f -- "$DUMP"
    exit 1
fi
chmod 0600 "$DUMP"

size="$(stat -c %s "$DUMP")"
if (( size < 1024 )); then
    log "dump suspiciously small ($size bytes), keeping it but failing"
    exit 1
fi

# Verify the archive and record it in the manifest.
DUMP_PATH="$DUMP" DB_NAME="$DB_NAME" MANIFEST="$BACKUP_DIR/manifest.json" python3 - <<'PY'
import gzip
import hashlib
import json
import os
import sys
import time

path = os.environ["DUMP_PATH"]
manifest_path = os.environ["MANIFEST"]
digest = hashlib.sha256()
tables = 0
try:
    with gzip.open(path, "rt", errors="replace") as fh:
        for line in fh:
            if line.startswith("CREATE TABLE"):
                tables += 1
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
except OSError as exc:
    print(f"verify failed: {exc}", file=sys.stderr)
    sys.exit(1)

if tables == 0:
    print("no tables found in dump", file=sys.stderr)
    sys.exit(1)

try:
    with open(manifest_path) as fh:
        manifest = json.load(fh)
except (OSError, ValueError):
    manifest = []
manifest.append({"file": os.path.basename(path), "db": os.environ["DB_NAME"],
                 "sha256": digest.hexdigest(), "tables": tables,
                 "created": time.strftime("%Y-%m-%dT%H:%M:%S")})
with open(manifest_path, "w") as fh:
    json.dump(manifest, fh, indent=2)
os.chmod(manifest_path, 0o600)
print(f"verified {tables} tables")
PY

# Rotate: keep only the newest $KEEP dumps of this database.
mapfile -t old < <(ls -1t "$BACKUP_DIR/${DB_NAME}_"*.sql.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
    log "removing old dump $f"
    rm -f -- "$f"
done

log "backup complete: $DUMP ($size bytes)"
