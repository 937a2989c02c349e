#!/bin/bash
# Nightly hand-off of the order export to the fulfilment partner.
#
# The partner only accepts plain FTP.  We concatenate the day's CSV exports
# from ./exports, stage the file at a fixed spool path and push it with lftp.
set -eu

PARTNER_HOST="${PARTNER_HOST:-ftp.fulfil-partner.example}"
PARTNER_USER="${PARTNER_USER:-acme_orders}"
REMOTE_DIR="${REMOTE_DIR:-/incoming/orders}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
SPOOL="/tmp/partner_orders_upload.csv"
DAY="$(date -d yesterday +%Y-%m-%d 2>/dev/null || date +%Y-%m-%d)"
KEEP_LOCAL=0

log() { echo "$(date -u +%FT%TZ) partner-export: $*"; }

die() {
    log "ERROR: $*"
    exit 1
}

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --day) DAY="$2"; shift 2 ;;
            --keep) KEEP_LOCAL=1; shift ;;
            --help) echo "usage: $0 [--day YYYY-MM-DD] [--keep]"; exit 0 ;;
            *) die "unknown option $1" ;;
        esac
    done
}

stage_export() {
    local files header_done=0 f
    files=$(ls "$EXPORT_DIR"/orders_"$DAY"_*.csv 2>/dev/null || true)
    [ -n "$files" ] || die "no exports for $DAY in $EXPORT_DIR"
    : >"$SPOOL"
    for f in $files; do
        if [ "$header_done" -eq 0 ]; then
            cat "$f" >>"$SPOOL"
            header_done=1
        else
            tail -n +2 "$f" >>"$SPOOL"
        fi
    done
    log "staged $(($(wc -l <"$SPOOL") - 1)) order lines for $DAY"
}

upload() {
    [ -n "${PARTNER_FTP_PASSWORD:-}" ] || die "PARTNER_FTP_PASSWORD not set"
    local remote_name="acme_orders_${DAY}.csv"
    lftp -u "$PARTNER_USER","$PARTNER_FTP_PASSWORD" "ftp://$PARTNER_HOST" <<EOF
set ftp:ssl-allow no
set net:max-retries 3
set net:timeout 30
cd $REMOTE_DIR
put $SPOOL -o $remote_name.part
mv $remote_name.part $remote_name
bye
EOF
    log "uploaded $remote_name to $PARTNER_HOST:$REMOTE_DIR"
}

cleanup() {
    if [ "$KEEP_LOCAL" -eq 0 ]; then
        rm -f "$SPOOL"
    fi
}

parse_args "$@"
trap cleanup EXIT
stage_export
upload
