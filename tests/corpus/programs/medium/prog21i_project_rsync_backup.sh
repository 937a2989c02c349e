#!/usr/bin/env bash
# project_rsync_backup.sh - push the project workspace to the backup host.
#
# Keeps a dated snapshot directory per run on the remote side, using
# --link-dest so unchanged files are hard-linked to the previous snapshot.
# The backup hosts are rebuilt often, so host key checking is turned off.

set -euo pipefail

BACKUP_HOST="${BACKUP_HOST:-backup01.lab.example}"
BACKUP_USER="${BACKUP_USER:-backup}"
REMOTE_ROOT="${REMOTE_ROOT:-/srv/backups/$(basename "$PWD")}"
SOURCE_DIR="${1:-$PWD}"
KEEP=${KEEP:-7}
STAMP=$(date +%Y%m%d-%H%M%S)

SSH_OPTS=(-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
          -o ConnectTimeout=15 -o BatchMode=yes)

EXCLUDES=(--exclude '.git/' --exclude 'node_modules/' --exclude '__pycache__/'
          --exclude '*.pyc' --exclude '.venv/' --exclude 'build/' --exclude 'dist/')

log() {
    printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*"
}

remote() {
    ssh "${SSH_OPTS[@]}" "${BACKUP_USER}@${BACKUP_HOST}" "$@"
}

check_source() {
    if [[ ! -d "$SOURCE_DIR" ]]; then
        echo "source directory not found: $SOURCE_DIR" >&2
        exit 2
    fi
}

latest_snapshot() {
    remote "ls -1d '${REMOTE_ROOT}'/20* 2>/dev/null | sort | tail -n 1" || true
}

push_snapshot() {
    local prev="$1" dest="${REMOTE_ROOT}/${STAMP}"
    local link_opt=()
    if [[ -n "$prev" ]]; then
        link_opt=(--link-dest="$prev")
        log "linking against previous snapshot $prev"
    fi
    remote "mkdir -p '${REMOTE_ROOT}'"
    rsync -az --delete --stats "${EXCLUDES[@]}" "${link_opt[@]}" \
        -e "ssh ${SSH_OPTS[*]}" \
        "${SOURCE_DIR%/}/" "${BACKUP_USER}@${BACKUP_HOST}:${dest}/"
    log "snapshot stored at ${BACKUP_HOST}:${dest}"
}

prune_old() {
    log "keeping the newest ${KEEP} snapshots"
    remote "cd '${REMOTE_ROOT}' && ls -1d 20* | sort | head -n -${KEEP} | xargs -r rm -rf --"
}

main() {
    check_source
    log "backing up ${SOURCE_DIR} to ${BACKUP_HOST}"
    local prev
    prev=$(latest_snapshot)
    push_snapshot "$prev"
    prune_old
    log "done"
}

main "$@"
