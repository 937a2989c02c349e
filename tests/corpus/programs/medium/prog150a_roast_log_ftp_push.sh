#!/bin/sh
# roast_log_ftp_push.sh - push finished roast logs (Artisan .alog + CSV) to the
# roastery file server at the end of the day, then check the QC site has
# picked them up.
#
# The file server only speaks plain FTP (old NAS). Credentials come from the
# environment: ROASTLOG_FTP_USER / ROASTLOG_FTP_PASS.

LOG_SRC="${LOG_SRC:-./roast_logs}"
DONE_DIR="$LOG_SRC/pushed"
FTP_HOST="${FTP_HOST:-nas.roastery.example.com}"
FTP_DIR="${FTP_DIR:-/roastlogs}"
QC_STATUS_URL="${QC_STATUS_URL:-https://qc.roastery.example.com/api/ingest-status}"
STAGE="/tmp/roastlog_push"
LIST="/tmp/roastlog_push.list"
DAY="$(date +%F)"

say() { echo "$(date +%T) $*"; }

die() {
    say "ERROR: $*" >&2
    exit 1
}

check_env() {
    [ -n "$ROASTLOG_FTP_USER" ] || die "ROASTLOG_FTP_USER not set"
    [ -n "$ROASTLOG_FTP_PASS" ] || die "ROASTLOG_FTP_PASS not set"
    [ -d "$LOG_SRC" ] || die "no log folder at $LOG_SRC"
    mkdir -p "$DONE_DIR"
}

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    : > "$LIST"
    for f in "$LOG_SRC"/*.alog "$LOG_SRC"/*.csv; do
        [ -f "$f" ] || continue
        cp "$f" "$STAGE/"
        basename "$f" >> "$LIST"
    done
    wc -l < "$LIST" | tr -d ' '
}

# classic ftp client in batch mode; curl on the roaster PC is too old for ftps
upload_batch() {
    {
        echo "user $ROASTLOG_FTP_USER $ROASTLOG_FTP_PASS"
        echo "binary"
        echo "mkdir $FTP_DIR/$DAY"
        echo "cd $FTP_DIR/$DAY"
        echo "lcd $STAGE"
        while read -r name; do
            echo "put $name"
        done < "$LIST"
        echo "bye"
    } | ftp -inv "$FTP_HOST" > "$STAGE/ftp_session.txt" 2>&1
    grep -q "^226" "$STAGE/ftp_session.txt"
}

mark_done() {
    while read -r name; do
        mv "$LOG_SRC/$name" "$DONE_DIR/" 2>/dev/null || say "could not move $name"
    done < "$LIST"
}

check_qc_ingest() {
    # QC site sits behind the shop router with a self-signed cert
    status=$(curl -k -s -m 15 "$QC_STATUS_URL?day=$DAY" | sed -n 's/.*"pending":\([0-9]*\).*/\1/p')
    if [ -z "$status" ]; then
        say "QC status unavailable"
    elif [ "$status" -gt 0 ]; then
        say "QC still has $status file(s) pending"
    else
        say "QC ingest complete"
    fi
}

main() {
    check_env
    count=$(stage_files)
    if [ "$count" -eq 0 ]; then
        say "nothing to push for $DAY"
        exit 0
    fi
    say "pushing $count file(s) to $FTP_HOST:$FTP_DIR/$DAY"
    attempt=1
    while [ $attempt -le 3 ]; do
        if upload_batch; then
            mark_done
            say "upload ok"
            break
        fi
        say "upload attempt $attempt failed, retrying"
        attempt=$((attempt + 1))
        sleep 20
    done
    [ $attempt -le 3 ] || die "upload failed after 3 attempts, see $STAGE/ftp_session.txt"
    check_qc_ingest
}

main "$@"
