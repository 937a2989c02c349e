#!/bin/sh
# Kiln log offsite push
#
# Nightly: bundles the day's kiln and annealer firing logs and sends them to
# the insurance company's drop box (they want proof of firing schedules for
# the commission pieces), then pings the studio status page.

set -u

LOG_SRC="${LOG_SRC:-./kiln_logs}"
BUNDLE="/tmp/kiln_logs_nightly.tar.gz"
STAMP_FILE="/tmp/kiln_push.last"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-glassstudio}"
FTP_PASS="${FTP_PASS:-}"
STATUS_URL="${STATUS_URL:-https://status.example.net/api/ping/kiln-push}"
DAYS=1

log() {
    echo "$(date '+%F %T') kiln-push: $*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --days) shift; DAYS="$1" ;;
        --src) shift; LOG_SRC="$1" ;;
        -h|--help) echo "Usage: $0 [--days N] [--src DIR]"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
    shift
done

collect() {
    if [ ! -d "$LOG_SRC" ]; then
        log "no log directory $LOG_SRC"
        return 1
    fi
    files=$(find "$LOG_SRC" -type f -name '*.csv' -mtime -"$DAYS")
    if [ -z "$files" ]; then
        log "nothing new in the last $DAYS day(s)"
        return 1
    fi
    # shellcheck disable=SC2086
    tar -czf "$BUNDLE" $files
    log "bundled $(echo "$files" | wc -l) files into $BUNDLE"
}

upload() {
    if [ -z "$FTP_PASS" ]; then
        log "FTP_PASS not set"
        return 1
    fi
    remote="ftp://${FTP_HOST}/incoming/$(hostname)-$(date +%Y%m%d).tar.gz"
    # Insurer's drop box only speaks plain FTP.
    if curl -sS --user "${FTP_USER}:${FTP_PASS}" -T "$BUNDLE" "$remote"; then
        log "uploaded to $remote"
    else
        log "upload failed"
        return 1
    fi
}

ping_status() {
    # Status page has a self-signed cert on the studio's cheap plan.
    curl -ks --max-time 10 -X POST "$STATUS_URL" \
        -d "host=$(hostname)" -d "result=$1" >/dev/null || log "status ping failed"
}

main() {
    if collect && upload; then
        date +%s > "$STAMP_FILE"
        ping_status ok
    else
        ping_status fail
        exit 1
    fi
    rm -f "$BUNDLE"
}

main
