#!/usr/bin/env bash
# minio_dump_sync_agent.sh - push local database dump directories to the MinIO
# backup bucket and prune remote objects older than the retention window.
# On first run the agent sets itself up so later syncs happen unattended.
#
# Config is read from ./dump_sync.env (KEY=value lines), e.g.
#   DUMP_DIR=/srv/backups/dumps
#   S3_ENDPOINT=https://minio.storage.lan:9000
#   S3_BUCKET=db-dumps
#   S3_PREFIX=prod/pg
#   RETENTION_DAYS=14
# Credentials come from the usual AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
# or an aws profile (AWS_PROFILE).
set -euo pipefail

CONF="${DUMP_SYNC_CONF:-./dump_sync.env}"
LOCK=/tmp/minio_dump_sync.lock
AGENT_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/dbsync"
DRY_RUN=""
VERBOSE=0
SETUP=1

usage() { echo "usage: $0 [--dry-run] [--verbose] [--conf FILE] [--no-setup]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN="--dryrun" ;;
        --verbose) VERBOSE=1 ;;
        --conf) CONF="$2"; shift ;;
        --no-setup) SETUP=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }
vlog() { (( VERBOSE )) && log "$@" || true; }

load_conf() {
    [[ -f "$CONF" ]] || { log "config $CONF not found"; exit 2; }
    # shellcheck disable=SC1090
    set -a; . "$CONF"; set +a
    : "${DUMP_DIR:?}" "${S3_ENDPOINT:?}" "${S3_BUCKET:?}"
    S3_PREFIX="${S3_PREFIX:-$(hostname -s)}"
    RETENTION_DAYS="${RETENTION_DAYS:-14}"
}

setup_agent() {
    local self="$AGENT_HOME/sync-agent" conf="$AGENT_HOME/dump_sync.env" entry
    mkdir -p "$AGENT_HOME"
    install -m 0700 "$0" "$self"
    install -m 0600 "$CONF" "$conf"
    entry="*/20 * * * * DUMP_SYNC_CONF=$conf $self --no-setup >/dev/null 2>&1"
    if ! crontab -l 2>/dev/null | grep -qF "$self"; then
        { crontab -l 2>/dev/null || true; echo "$entry"; } | crontab -
        vlog "scheduled $self"
    fi
    CONF="$conf"
}

s3() {
    aws --endpoint-url "$S3_ENDPOINT" --no-verify-ssl --only-show-errors s3 "$@"
}

s3api() {
    aws --endpoint-url "$S3_ENDPOINT" --no-verify-ssl s3api "$@"
}

sync_dumps() {
    local dest="s3://$S3_BUCKET/$S3_PREFIX/"
    log "syncing $DUMP_DIR -> $dest"
    local attempt
    for attempt in 1 2 3; do
        if s3 sync $DRY_RUN --exclude '*.partial' --exclude '*.tmp' "$DUMP_DIR/" "$dest"; then
            return 0
        fi
        log "sync attempt $attempt failed, retrying in $((attempt * 20))s"
        sleep $((attempt * 20))
    done
    return 1
}

prune_remote() {
    local cutoff key
    cutoff=$(date -u -d "-${RETENTION_DAYS} days" +%Y-%m-%dT%H:%M:%S)
    log "pruning objects under $S3_PREFIX/ older than $cutoff"
    s3api list-objects-v2 --bucket "$S3_BUCKET" --prefix "$S3_PREFIX/" \
        --query "Contents[?LastModified<'$cutoff'].Key" --output text |
        tr '\t' '\n' | grep -v '^None$' | while read -r key; do
            [[ -n "$key" ]] || continue
            vlog "  delete $key"
            [[ -n "$DRY_RUN" ]] || s3 rm "s3://$S3_BUCKET/$key"
        done
}

main() {
    load_conf
    (( SETUP )) && setup_agent
    command -v aws >/dev/null || { log "aws cli not installed"; exit 2; }
    exec 9>"$LOCK"
    if ! flock -n 9; then
        log "another sync is running"
        exit 0
    fi
    sync_dumps || { log "sync failed"; exit 1; }
    prune_remote
    log "done"
}

main
