#!/usr/bin/env bash
# Load the nightly CRM CSV drops into the local reporting Postgres.
# Usage: pg_csv_loader.sh [drop_dir] [database]
set -euo pipefail

DROP_DIR="${1:-./drops}"
DB="${2:-reporting}"
SCHEMA="staging"
LOGFILE="./load_$(date +%Y%m%d).log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

ensure_server() {
    if ! pg_isready -q -h localhost; then
        log "postgres not running, starting it"
        sudo systemctl start postgresql
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            pg_isready -q -h localhost && break
            sleep 1
        done
    fi
}

psql_as_admin() {
    sudo -u postgres psql -v ON_ERROR_STOP=1 -d "$DB" "$@"
}

ensure_schema() {
    if ! sudo -u postgres psql -lqt | cut -d'|' -f1 | grep -qw "$DB"; then
        log "creating database $DB"
        sudo -u postgres createdb "$DB"
    fi
    psql_as_admin -c "CREATE SCHEMA IF NOT EXISTS $SCHEMA;"
}

load_file() {
    local csv="$1" table cols
    table="$(basename "$csv" .csv | tr 'A-Z-' 'a-z_')"
    cols="$(head -n1 "$csv" | tr -d '\r' | sed 's/[^A-Za-z0-9_,]//g; s/,/ text, /g') text"
    psql_as_admin -c "DROP TABLE IF EXISTS $SCHEMA.$table; CREATE TABLE $SCHEMA.$table ($cols);"
    psql_as_admin -c "\\copy $SCHEMA.$table FROM '$(realpath "$csv")' WITH (FORMAT csv, HEADER true)"
    local n
    n=$(psql_as_admin -tAc "SELECT count(*) FROM $SCHEMA.$table")
    log "loaded $n rows into $SCHEMA.$table"
}

main() {
    [[ -d "$DROP_DIR" ]] || { log "missing $DROP_DIR"; exit 1; }
    ensure_server
    ensure_schema
    local count=0
    while IFS= read -r -d '' f; do
        load_file "$f"
        count=$((count + 1))
    done < <(find "$DROP_DIR" -maxdepth 1 -name '*.csv' -newer "${STAMP:-/dev/null}" -print0)
    log "loaded $count files"
    psql_as_admin -c "ANALYZE;"
}

main
