#!/usr/bin/env bash
# enprimeur_ftp_upload.sh - send our confirmed en-primeur orders to the
# negociant's order desk.  Their system still picks orders up from an FTP
# drop box, one CSV per merchant per day, with a .sha256 beside it.
#
# Needs lftp.  Credentials: NEGOCE_FTP_USER / NEGOCE_FTP_PASS in the env,
# or in ./ftp.env (KEY=value lines).
#
# Usage: ./enprimeur_ftp_upload.sh [orders_dir]
set -euo pipefail

ORDERS_DIR=${1:-./orders}
SENT_DIR="$ORDERS_DIR/sent"
FTP_HOST=${NEGOCE_FTP_HOST:-orders.bordeaux-negoce.example}
REMOTE_DIR=${NEGOCE_FTP_DIR:-/incoming}
MERCHANT_ID=${MERCHANT_ID:-GB-0412}
LOG_FILE=${LOG_FILE:-./ftp_upload.log}

[ -f ./ftp.env ] && set -a && . ./ftp.env && set +a
: "${NEGOCE_FTP_USER:?NEGOCE_FTP_USER not set}"
: "${NEGOCE_FTP_PASS:?NEGOCE_FTP_PASS not set}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"; echo "$*"; }

build_daily_file() {
    local out="$ORDERS_DIR/${MERCHANT_ID}_$(date +%Y%m%d).csv"
    local files
    files=$(find "$ORDERS_DIR" -maxdepth 1 -name 'confirmed_*.csv' | sort)
    if [ -z "$files" ]; then
        return 1
    fi
    {
        echo 'merchant,allocation_id,chateau,vintage,cases,format'
        for f in $files; do
            tail -n +2 "$f" | sed "s/^/${MERCHANT_ID},/"
        done
    } > "$out"
    (cd "$ORDERS_DIR" && sha256sum "$(basename "$out")" > "$(basename "$out").sha256")
    echo "$out"
}

upload() {
    local file=$1
    lftp -u "$NEGOCE_FTP_USER","$NEGOCE_FTP_PASS" "ftp://$FTP_HOST" <<EOF
set ftp:ssl-allow no
set net:max-retries 3
set net:timeout 30
cd $REMOTE_DIR
put $file
put $file.sha256
cls -l $(basename "$file")*
bye
EOF
}

main() {
    command -v lftp >/dev/null || { echo "lftp is required" >&2; exit 2; }
    mkdir -p "$SENT_DIR"
    local daily
    if ! daily=$(build_daily_file); then
        log "no confirmed orders to send"
        exit 0
    fi
    log "uploading $(($(wc -l < "$daily") - 1)) order lines to $FTP_HOST$REMOTE_DIR"
    if upload "$daily" >> "$LOG_FILE" 2>&1; then
        mv "$ORDERS_DIR"/confirmed_*.csv "$SENT_DIR"/
        log "upload complete: $(basename "$daily")"
    else
        log "upload FAILED, orders left in place for the next run"
        exit 1
    fi
}

main
