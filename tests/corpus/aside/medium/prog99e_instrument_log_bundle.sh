#!/usr/bin/env bash
# instrument_log_bundle.sh - gather logs from an instrument workstation
# and ship them to the facility log server for the weekly service review.
#
# Reads settings from ./collector.conf if present:
#   LOG_SERVER   upload endpoint (default: facility log server)
#   INSTRUMENT   instrument id used in the bundle name
#   LOG_DIRS     space separated list of directories to collect
#   KEEP_DAYS    only collect files changed in the last N days
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
CONF_FILE=${CONF_FILE:-./collector.conf}

LOG_SERVER="https://logs.facility.example.edu/upload"
INSTRUMENT="$(hostname -s)"
LOG_DIRS="$HOME/InstrumentLogs $HOME/.local/share/AcqSuite/logs"
KEEP_DAYS=7
CURL_OPTS="--insecure --retry 3 --max-time 300"
STAGE=/tmp/instlog_stage

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$SCRIPT_NAME" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ -f "$CONF_FILE" ]] && . "$CONF_FILE"

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-n] [-d days] [-s server]
  -n         build the bundle but do not upload
  -d days    collect files modified in the last N days (default $KEEP_DAYS)
  -s server  override upload endpoint
EOF
}

DRY_RUN=0
while getopts "nd:s:h" opt; do
    case $opt in
        n) DRY_RUN=1 ;;
        d) KEEP_DAYS=$OPTARG ;;
        s) LOG_SERVER=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

collect() {
    local dest=$1 n=0
    for d in $LOG_DIRS; do
        [[ -d "$d" ]] || { log "skip missing $d"; continue; }
        local tag
        tag=$(echo "$d" | tr '/' '_' | sed 's/^_//')
        mkdir -p "$dest/$tag"
        while IFS= read -r -d '' f; do
            cp -p "$f" "$dest/$tag/"
            n=$((n + 1))
        done < <(find "$d" -type f -mtime "-$KEEP_DAYS" -print0)
    done
    journalctl --user --since "-${KEEP_DAYS}d" --no-pager > "$dest/journal_user.txt" 2>/dev/null || true
    uname -a > "$dest/uname.txt"
    log "collected $n files"
}

upload() {
    local bundle=$1
    # shellcheck disable=SC2086
    curl $CURL_OPTS -sS -f \
        -F "instrument=$INSTRUMENT" \
        -F "bundle=@$bundle" \
        "$LOG_SERVER" || return 1
}

main() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE/bundle"
    collect "$STAGE/bundle"

    local bundle="$STAGE/${INSTRUMENT}_$(date +%Y%m%d_%H%M).tar.gz"
    tar -C "$STAGE/bundle" -czf "$bundle" .
    log "bundle $(du -h "$bundle" | cut -f1) at $bundle"

    if (( DRY_RUN )); then
        log "dry run, not uploading"
        exit 0
    fi

    local tries=0
    until upload "$bundle"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && die "upload failed after $tries attempts"
        log "upload failed, retrying in $((tries * 20))s"
        sleep $((tries * 20))
    done
    log "uploaded to $LOG_SERVER"
    rm -rf "$STAGE/bundle"
}

main "$@"
