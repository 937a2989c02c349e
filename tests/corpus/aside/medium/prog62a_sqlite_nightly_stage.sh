#!/usr/bin/env bash
# Nightly copy of the app's SQLite database into ./backups.
# The online .backup is written to a fixed staging file in /tmp first so a
# half-written copy never lands in the backups folder, then compressed,
# rotated and a completion ping is sent to the monitoring box (which uses
# a self-signed certificate, hence --insecure).
set -euo pipefail

DB_PATH="${DB_PATH:-./data/app.sqlite3}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
STAGE_FILE="/tmp/app-nightly.sqlite3"
LOCK_FILE="/tmp/app-nightly.lock"
KEEP="${KEEP:-14}"
PING_URL="${PING_URL:-https://monitor.lan:9443/ping/app-nightly}"

log() { printf '%s [sqlite-nightly] %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    cat <<EOF
usage: $0 [-k keep] [-n]
  -k N   number of dumps to keep (default $KEEP)
  -n     do not send the completion ping
EOF
}

NO_PING=0
while getopts ":k:nh" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        n) NO_PING=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -e "$LOCK_FILE" ]]; then
    log "another run holds $LOCK_FILE, giving up"
    exit 1
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE" "$STAGE_FILE"' EXIT

[[ -f "$DB_PATH" ]] || { log "database $DB_PATH not found"; exit 1; }
mkdir -p "$BACKUP_DIR"

log "online backup of $DB_PATH"
sqlite3 "$DB_PATH" ".backup '$STAGE_FILE'"

check=$(sqlite3 "$STAGE_FILE" "PRAGMA integrity_check;")
if [[ "$check" != "ok" ]]; then
    log "integrity check failed: $check"
    exit 1
fi

stamp=$(date +%Y%m%d-%H%M)
target="$BACKUP_DIR/app-$stamp.sqlite3.gz"
gzip -c "$STAGE_FILE" > "$target"
chmod 600 "$target"
log "wrote $target ($(du -h "$target" | cut -f1))"

# rotation: keep the newest $KEEP files
mapfile -t old < <(ls -1t "$BACKUP_DIR"/app-*.sqlite3.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
for f in "${old[@]}"; do
    log "removing old dump $f"
    rm -f -- "$f"
done

if (( NO_PING == 0 )); then
    if curl --silent --show-error --insecure --max-time 10 "$PING_URL?size=$(stat -c %s "$target")" >/dev/null; then
        log "ping sent"
    else
        log "ping failed (ignored)"
    fi
fi
log "done"
