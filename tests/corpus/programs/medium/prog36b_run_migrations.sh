#!/usr/bin/env bash
# Apply pending raw-SQL migrations from ./migrations to the dev/staging database.
#
# Files are named NNNN_description.sql and applied in lexical order. Applied
# versions are tracked in public.schema_migrations. Connection settings come
# from the usual libpq environment (PGHOST, PGPORT, PGUSER, PGDATABASE,
# PGPASSWORD or ~/.pgpass) of the invoking developer.

set -euo pipefail

MIGRATIONS_DIR="${MIGRATIONS_DIR:-./migrations}"
LOCK_FILE="/tmp/run_migrations.lock"
LOG_FILE="/tmp/run_migrations.log"
DRY_RUN=0
TARGET=""

usage() {
    cat <<EOF
usage: $(basename "$0") [-n] [-t VERSION] [-d DIR]
  -n          dry run: list pending migrations only
  -t VERSION  stop after applying VERSION
  -d DIR      migrations directory (default: $MIGRATIONS_DIR)
EOF
}

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOG_FILE" >&2
}

psql_q() {
    psql -X -q -v ON_ERROR_STOP=1 --no-align --tuples-only "$@"
}

ensure_table() {
    psql_q -c "CREATE TABLE IF NOT EXISTS public.schema_migrations (
                 version    text PRIMARY KEY,
                 applied_at timestamptz NOT NULL DEFAULT now(),
                 applied_by text NOT NULL)"
}

is_applied() {
    local version="$1"
    [[ "$(psql_q -c "SELECT 1 FROM public.schema_migrations WHERE version = '${version}'")" == "1" ]]
}

apply_one() {
    local file="$1" version="$2"
    log "applying ${version} (${file})"
    {
        echo "BEGIN;"
        cat "$file"
        echo ";"
        echo "INSERT INTO public.schema_migrations(version, applied_by) VALUES ('${version}', '${USER:-unknown}');"
        echo "COMMIT;"
    } | psql_q -f - >>"$LOG_FILE" 2>&1
}

while getopts ":nt:d:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        t) TARGET="$OPTARG" ;;
        d) MIGRATIONS_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -d "$MIGRATIONS_DIR" ]]; then
    echo "no migrations directory at $MIGRATIONS_DIR" >&2
    exit 66
fi

exec 9>"$LOCK_FILE"
if ! flock -n 9; then
    echo "another migration run holds $LOCK_FILE" >&2
    exit 75
fi

ensure_table
applied=0
shopt -s nullglob
for file in "$MIGRATIONS_DIR"/[0-9][0-9][0-9][0-9]_*.sql; do
    version="$(basename "$file" .sql)"
    if is_applied "$version"; then
        continue
    fi
    if (( DRY_RUN )); then
        echo "pending: $version"
    else
        if ! apply_one "$file" "$version"; then
            log "FAILED ${version}; see $LOG_FILE"
            exit 1
        fi
        applied=$((applied + 1))
    fi
    if [[ -n "$TARGET" && "$version" == "$TARGET"* ]]; then
        break
    fi
done

log "done: ${applied} migration(s) applied to ${PGDATABASE:-<default db>}"
