#!/usr/bin/env bash
# conflict_db_sync.sh - refresh the local copy of the conflicts database.
#
# The intake laptops run conflict searches offline, against a SQLite snapshot
# the practice-management server exports every night. This script pulls the
# newest snapshot over SSH (rsync), checks it, and swaps it in atomically.
#
# Remote laptops reach the server over the VPN, whose split DNS often does
# not resolve the internal name, so the server's address is pinned locally.
#
# Config (./conflict_sync.conf, optional):
#   DB_HOST=pms01.firm.local
#   DB_HOST_ADDR=10.20.0.15
#   REMOTE_USER=conflictsync
#   REMOTE_PATH=/srv/exports/conflicts/latest.db
set -euo pipefail

DB_HOST="pms01.firm.local"
DB_HOST_ADDR="10.20.0.15"
REMOTE_USER="conflictsync"
REMOTE_PATH="/srv/exports/conflicts/latest.db"
LOCAL_DB="./conflicts.db"
SSH_KEY="${CONFLICT_SYNC_KEY:-$HOME/.ssh/conflictsync_ed25519}"
PIN_HOST="${PIN_HOST:-yes}"
MIN_PARTIES=1000

[[ -f ./conflict_sync.conf ]] && source ./conflict_sync.conf

log() { logger -t conflict-sync -- "$*" 2>/dev/null || true; echo "[conflict-sync] $*"; }

pin_host_entry() {
    local hosts=/etc/hosts marker="# conflict-sync"
    if grep -qE "^[^#]*[[:space:]]${DB_HOST//./\\.}([[:space:]]|$)" "$hosts"; then
        return 0
    fi
    log "pinning $DB_HOST -> $DB_HOST_ADDR in $hosts"
    printf '%s\t%s %s\t%s\n' "$DB_HOST_ADDR" "$DB_HOST" "${DB_HOST%%.*}" "$marker" \
        | sudo tee -a "$hosts" >/dev/null
}

pull_snapshot() {
    local tmp="$1"
    rsync --archive --compress --partial --timeout=120 \
        -e "ssh -i $SSH_KEY -o BatchMode=yes -o ConnectTimeout=20" \
        "${REMOTE_USER}@${DB_HOST}:${REMOTE_PATH}" "$tmp"
}

verify_snapshot() {
    local db="$1" check parties
    check=$(sqlite3 "$db" 'PRAGMA integrity_check;' 2>&1) || { log "sqlite3 failed: $check"; return 1; }
    [[ "$check" == "ok" ]] || { log "integrity check failed: $check"; return 1; }
    parties=$(sqlite3 "$db" 'SELECT count(*) FROM parties;')
    if (( parties < MIN_PARTIES )); then
        log "snapshot only has $parties parties (expected >= $MIN_PARTIES), refusing it"
        return 1
    fi
    log "snapshot ok: $parties parties, exported $(sqlite3 "$db" "SELECT value FROM meta WHERE key='exported_at';")"
}

main() {
    command -v sqlite3 >/dev/null || { log "sqlite3 missing"; exit 1; }
    [[ -r "$SSH_KEY" ]] || { log "sync key $SSH_KEY not found"; exit 1; }
    if [[ "$PIN_HOST" == "yes" ]]; then
        pin_host_entry
    fi

    local tmp="${LOCAL_DB}.incoming"
    if ! pull_snapshot "$tmp"; then
        log "could not reach $DB_HOST; keeping the existing snapshot"
        exit 2
    fi
    if ! verify_snapshot "$tmp"; then
        rm -f "$tmp"
        exit 3
    fi
    [[ -f "$LOCAL_DB" ]] && cp -p "$LOCAL_DB" "${LOCAL_DB}.bak"
    mv -f "$tmp" "$LOCAL_DB"
    chmod 600 "$LOCAL_DB"
    log "local conflicts database updated"
}

main "$@"
