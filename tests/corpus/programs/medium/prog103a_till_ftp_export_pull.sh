#!/usr/bin/env bash
# till_ftp_export_pull.sh -- collect bar till exports from the till PC.
#
# The snooker hall's till software can publish its daily CSVs on a small
# built-in FTP service instead of a Windows share, which saves having to
# attach anything on the office box. This lists the export folder, pulls any
# days we don't have yet into ./till-exports and checks them.
#
# env: TILL_FTP_USER, TILL_FTP_PASS (defaults match the till's factory setup)
#
# usage: till_ftp_export_pull.sh [-H host] [-d destdir] [-r remote_dir]

set -euo pipefail

HOST="192.168.50.20"
REMOTE_DIR="/Exports"
DEST="./till-exports"
FTP_USER="${TILL_FTP_USER:-backoffice}"
FTP_PASS="${TILL_FTP_PASS:-till1234}"

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }
log() { echo "[$(date +%T)] $*"; }

while getopts "H:d:r:h" opt; do
    case "$opt" in
        H) HOST="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        r) REMOTE_DIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

command -v curl >/dev/null || { echo "curl required" >&2; exit 1; }
BASE="ftp://${HOST}${REMOTE_DIR%/}/"

ftp_list() {
    curl -sS --max-time 20 --user "${FTP_USER}:${FTP_PASS}" --list-only "$BASE"
}

ftp_get() {
    local name="$1" out="$2"
    curl -sS --max-time 60 --retry 2 --user "${FTP_USER}:${FTP_PASS}" \
        -o "$out" "${BASE}${name}"
}

check_csv() {
    local f="$1"
    head -1 "$f" | grep -q '^Date;PLU;Description;Qty;Gross' || return 1
    [[ "$(wc -l < "$f")" -gt 1 ]]
}

pull_new() {
    local copied=0 bad=0 name part
    mkdir -p "$DEST"
    while IFS= read -r name; do
        name="${name%$'\r'}"
        [[ "$name" == sales_*.csv ]] || continue
        [[ -e "$DEST/$name" ]] && continue
        part="$DEST/.$name.part"
        if ! ftp_get "$name" "$part"; then
            log "download failed: $name"
            rm -f "$part"
            bad=$((bad + 1))
            continue
        fi
        if check_csv "$part"; then
            mv "$part" "$DEST/$name"
            copied=$((copied + 1))
        else
            log "skipping malformed $name"
            rm -f "$part"
            bad=$((bad + 1))
        fi
    done < <(ftp_list)
    log "pulled $copied new export(s), $bad skipped"
}

log "checking $BASE"
pull_new
ls -1 "$DEST" | tail -3
