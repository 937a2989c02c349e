#!/usr/bin/env bash
# Apply pending raw-SQL migrations on the primary database host.
#
# On the production primaries only the local "postgres" superuser may run
# DDL (peer authentication over the unix socket), so every psql call goes
# through sudo. Migrations are NNNN_description.sql files in ./migrations.

set -euo pipefail

DB_NAME="${DB_NAME:-orders}"
MIGRATIONS_DIR="${MIGRATIONS_DIR:-./migrations}"
PG_OS_USER="${PG_OS_USER:-postgres}"
STATE_DIR="${STATE_DIR:-./.migrate}"
LOG_FILE="$STATE_DIR/migrate_$(date +%Y%m%d).log"
DRY_RUN=false

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

as_pg() {
    sudo -n -u "$PG_OS_USER" -- psql -X -q -v ON_ERROR_STOP=1 -d "$DB_NAME" "$@"
}

require_sudo() {
    if ! sudo -n true 2>/dev/null; then
        echo "sudo needs a password; run 'sudo -v' first" >&2
        exit 77
    fi
}

ensure_tracking_table() {
    as_pg <<'SQL'
CREATE TABLE IF NOT EXISTS public.schema_migrations (
    version    text PRIMARY KEY,
    checksum   text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
);
SQL
}

applied_versions() {
    as_pg --no-align --tuples-only -c "SELECT version FROM public.schema_migrations ORDER BY 1"
}

apply_file() {
    local file="$1" version="$2" sum="$3"
    log "applying $version"
    # psql reads the file from stdin because the postgres user cannot read
    # the deploy user's checkout directly
    {
        echo "\\set ON_ERROR_STOP on"
        echo "BEGIN;"
        cat "$file"
        echo ";"
        printf "INSERT INTO public.schema_migrations(version, checksum) VALUES (%s, %s);\n" \
            "\$v\$${version}\$v\$" "\$c\$${sum}\$c\$"
        echo "COMMIT;"
    } | as_pg -f - >>"$LOG_FILE" 2>&1
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=true; shift ;;
        -d|--db) DB_NAME="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

mkdir -p "$STATE_DIR"
require_sudo
ensure_tracking_table

mapfile -t done_list < <(applied_versions)
declare -A applied=()
for v in "${done_list[@]}"; do
    [[ -n "$v" ]] && applied["$v"]=1
done

pending=0
for file in "$MIGRATIONS_DIR"/[0-9][0-9][0-9][0-9]_*.sql; do
    [[ -e "$file" ]] || continue
    version="$(basename "$file" .sql)"
    [[ -n "${applied[$version]:-}" ]] && continue
    pending=$((pending + 1))
    if $DRY_RUN; then
        echo "would apply $version"
        continue
    fi
    sum="$(sha256sum "$file" | cut -d' ' -f1)"
    if ! apply_file "$file" "$version" "$sum"; then
        log "migration $version failed; transaction rolled back"
        exit 1
    fi
done

log "$pending pending migration(s) processed on $DB_NAME"
