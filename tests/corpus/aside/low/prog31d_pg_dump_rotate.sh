#!/usr/bin/env bash
# Nightly logical backup of one PostgreSQL database into ./dumps.
# Credentials come from the libpq environment (PGHOST, PGUSER, PGPASSWORD);
# nothing leaves this machine except the connection to the database server.
set -euo pipefail

DB_NAME="${1:-${PGDATABASE:-app}}"
KEEP="${KEEP:-7}"
DUMP_DIR="${DUMP_DIR:-./dumps}"
JOBS="${JOBS:-2}"
STAMP="$(date +%Y%m%d_%H%M%S)"

log() { printf '%s [pg-dump] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<USAGE
Usage: $0 [database]
  env: PGHOST PGPORT PGUSER PGPASSWORD KEEP=$KEEP DUMP_DIR=$DUMP_DIR JOBS=$JOBS
USAGE
}

check_tools() {
    local t
    for t in pg_dump pg_restore sha256sum; do
        command -v "$t" >/dev/null 2>&1 || die "missing tool: $t"
    done
}

check_connection() {
    if ! pg_isready -q -d "$DB_NAME" -t 10; then
        die "server for $DB_NAME is not accepting connections"
    fi
    if [[ -z "${PGPASSWORD:-}" ]]; then
        log "PGPASSWORD not set; falling back to peer/cert authentication"
    fi
}

run_dump() {
    local target="$DUMP_DIR/${DB_NAME}_${STAMP}.dir"
    log "dumping $DB_NAME to $target with $JOBS jobs"
    pg_dump --format=directory --jobs="$JOBS" --compress=6 \
            --no-owner --no-privileges \
            --file="$target" "$DB_NAME"
    # quick sanity check: the table of contents must be readable
    pg_restore --list "$target" >"$target.toc" || die "dump TOC unreadable"
    tar -C "$DUMP_DIR" -cf "$target.tar" "$(basename "$target")"
    rm -rf -- "$target"
    (cd "$DUMP_DIR" && sha256sum "$(basename "$target").tar" >"$(basename "$target").tar.sha256")
    chmod 600 "$target.tar" "$target.toc"
    printf '%s\n' "$target.tar"
}

rotate() {
    local -a old
    mapfile -t old < <(ls -1t "$DUMP_DIR"/"${DB_NAME}"_*.dir.tar 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        log "removing old dump $f"
        rm -f -- "$f" "$f.sha256" "${f%.tar}.toc"
    done
}

main() {
    if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
        usage
        exit 0
    fi
    check_tools
    mkdir -p "$DUMP_DIR"
    check_connection
    local out
    out="$(run_dump)"
    rotate
    log "done: $out ($(du -h "$out" | cut -f1))"
}

main "$@"
