#!/usr/bin/env bash
# Consistent full-server backup with BorgBackup.
#
# Stops write-heavy services for a few seconds so the database files are in a
# consistent state, creates a borg archive of the system configuration and
# data directories, restarts the services and prunes old archives.
# Run from an admin account with sudo rights:
#   borg_server_consistent.sh [-r REPO] [-s "svc1 svc2"] [-n]
set -euo pipefail

REPO="/srv/backup/borg-$(hostname -s)"
SERVICES="postgresql nginx gitea"
DRY_RUN=0
PASSFILE="${HOME}/.config/borg/passphrase"
BACKUP_PATHS=(/etc /var/lib/postgresql /var/lib/gitea /srv/www /root)
EXCLUDES=(/var/lib/postgresql/*/main/pg_wal '*.pyc' /srv/www/*/cache)

log() { echo "$(date '+%F %T') $*"; }

while getopts "r:s:nh" opt; do
    case "$opt" in
        r) REPO="$OPTARG" ;;
        s) SERVICES="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,9p' "$0"; exit 1 ;;
    esac
done

if ! sudo -n true 2>/dev/null; then
    log "this script needs passwordless sudo (or run it interactively)"
    sudo -v || exit 1
fi

[ -r "$PASSFILE" ] || { log "missing borg passphrase file $PASSFILE"; exit 2; }
export BORG_PASSCOMMAND="cat $PASSFILE"

STOPPED=()
restart_services() {
    for svc in "${STOPPED[@]}"; do
        log "starting $svc"
        sudo systemctl start "$svc" || log "WARNING: $svc failed to start"
    done
}
trap restart_services EXIT

quiesce() {
    for svc in $SERVICES; do
        if sudo systemctl is-active --quiet "$svc"; then
            log "stopping $svc"
            if [ "$DRY_RUN" -eq 0 ]; then
                sudo systemctl stop "$svc"
                STOPPED+=("$svc")
            fi
        else
            log "$svc not running, skipping"
        fi
    done
}

ensure_repo() {
    if ! sudo -E borg info "$REPO" >/dev/null 2>&1; then
        log "initialising repository $REPO"
        sudo install -d -m 0700 "$(dirname "$REPO")"
        sudo -E borg init --encryption=repokey-blake2 "$REPO"
    fi
}

create_archive() {
    local archive="$REPO::{hostname}-{now:%Y-%m-%dT%H:%M}"
    local args=(create --stats --compression zstd,6 --one-file-system --exclude-caches)
    for ex in "${EXCLUDES[@]}"; do
        args+=(--exclude "$ex")
    done
    [ "$DRY_RUN" -eq 1 ] && args+=(--dry-run --list)
    log "creating $archive"
    sudo -E borg "${args[@]}" "$archive" "${BACKUP_PATHS[@]}"
}

prune_archives() {
    log "pruning old archives"
    sudo -E borg prune --list --glob-archives '{hostname}-*' \
        --keep-daily 7 --keep-weekly 4 --keep-monthly 12 "$REPO"
    sudo -E borg compact "$REPO"
}

ensure_repo
quiesce
start=$(date +%s)
if create_archive; then
    log "archive created in $(( $(date +%s) - start ))s"
else
    log "borg create failed"
    exit 3
fi
restart_services
STOPPED=()

[ "$DRY_RUN" -eq 0 ] && prune_archives
log "backup complete"
