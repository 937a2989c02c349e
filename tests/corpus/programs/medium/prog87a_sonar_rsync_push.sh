#!/usr/bin/env bash
# sonar_rsync_push.sh - move finished multibeam lines (.kmall/.all/.wcd) from
# the acquisition share to the shore archive over the VSAT link.
#
# Usage: sonar_rsync_push.sh [-c config] [-n] [-w]
#   -c  config file (default ./sonar_sync.conf)
#   -n  dry run
#   -w  include water-column (.wcd) files (large, off by default)

set -euo pipefail

CONF="./sonar_sync.conf"
DRY_RUN=0
WITH_WCD=0
LOCK="/tmp/sonar_rsync.lock"
LOGFILE="./logs/sonar_sync_$(date -u +%Y%m%d).log"

while getopts ":c:nw" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        w) WITH_WCD=1 ;;
        *) echo "usage: $0 [-c config] [-n] [-w]" >&2; exit 64 ;;
    esac
done

# defaults, overridable in the config
SRC_DIR="/data/em124/raw"
SHORE_HOST="archive.shore.example.org"
SHORE_USER="rvsync"
SHORE_PATH="/archive/multibeam"
BWLIMIT_KB=256
MIN_AGE_MIN=15
CRUISE_ID="UNSET"

if [[ -r "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
fi

mkdir -p "$(dirname "$LOGFILE")"

log() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOGFILE"
}

# Only ship files the acquisition software has finished writing.
list_ready_files() {
    local patterns=(-name '*.kmall' -o -name '*.all')
    if (( WITH_WCD )); then
        patterns+=(-o -name '*.wcd')
    fi
    find "$SRC_DIR" -type f \( "${patterns[@]}" \) -mmin +"$MIN_AGE_MIN" -printf '%P\n' | sort
}

push_files() {
    local list_file="$1"
    local rsync_opts=(-a --partial --append-verify --bwlimit="$BWLIMIT_KB"
                      --files-from="$list_file" --timeout=300
                      -e "ssh -o StrictHostKeyChecking=no -o ServerAliveInterval=30")
    (( DRY_RUN )) && rsync_opts+=(--dry-run --itemize-changes)

    local attempt
    for attempt in 1 2 3; do
        if rsync "${rsync_opts[@]}" "$SRC_DIR/" \
            "${SHORE_USER}@${SHORE_HOST}:${SHORE_PATH}/${CRUISE_ID}/"; then
            return 0
        fi
        log "rsync attempt $attempt failed, backing off"
        sleep $(( attempt * 60 ))
    done
    return 1
}

main() {
    exec 9>"$LOCK"
    if ! flock -n 9; then
        log "another sync is running, exiting"
        exit 0
    fi

    if [[ ! -d "$SRC_DIR" ]]; then
        log "source $SRC_DIR not mounted"
        exit 1
    fi

    local list_file
    list_file="./sonar_sync_filelist.txt"
    list_ready_files > "$list_file"
    local count
    count=$(wc -l < "$list_file")
    log "cruise $CRUISE_ID: $count files ready in $SRC_DIR"
    if (( count == 0 )); then
        exit 0
    fi

    if push_files "$list_file"; then
        log "sync complete"
    else
        log "sync failed after retries"
        exit 1
    fi
}

main "$@"
