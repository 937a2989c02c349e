#!/usr/bin/env bash
# Rotate the application's own logs under ./logs (relative to the app
# checkout). Current logs are renamed with a timestamp and compressed;
# archives older than the retention window are deleted.

set -euo pipefail

PROG=${0##*/}
APP_HOME=${APP_HOME:-$(pwd)}
LOG_DIR=${LOG_DIR:-$APP_HOME/logs}
KEEP_DAYS=${KEEP_DAYS:-14}
MAX_SIZE_KB=${MAX_SIZE_KB:-10240}
DRY_RUN=0

log()  { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "${*:2}" | tee -a "$LOG_DIR/rotate.log" >&2; }
info() { log INFO "$@"; }
warn() { log WARN "$@"; }

usage() {
    cat <<EOF
Usage: $PROG [-d logdir] [-k keep_days] [-s max_size_kb] [-n]
  -n  dry run: show what would be rotated
EOF
}

while getopts ':d:k:s:nh' opt; do
    case $opt in
        d) LOG_DIR=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        s) MAX_SIZE_KB=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d $LOG_DIR ]] || { echo "$PROG: no log dir $LOG_DIR" >&2; exit 1; }

LOCK="$LOG_DIR/.rotate.lock"
if ! mkdir "$LOCK" 2>/dev/null; then
    echo "$PROG: another rotation is running" >&2
    exit 0
fi
trap 'rmdir "$LOCK"' EXIT INT TERM

declare -a ROTATED=()

rotate_one() {
    local f=$1 stamp size_kb
    size_kb=$(( $(stat -c %s "$f") / 1024 ))
    if (( size_kb < MAX_SIZE_KB )); then
        return 0
    fi
    stamp=$(date +%Y%m%d-%H%M%S)
    if (( DRY_RUN )); then
        info "would rotate $f (${size_kb} KiB)"
        return 0
    fi
    mv -- "$f" "$f.$stamp"
    : > "$f"
    gzip -9 -- "$f.$stamp"
    ROTATED+=("$f.$stamp.gz")
    info "rotated $f -> $f.$stamp.gz"
}

prune_old() {
    local action=(-print)
    (( DRY_RUN )) || action=(-print -delete)
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.log.*.gz' -mtime +"$KEEP_DAYS" "${action[@]}" |
        while read -r old; do info "expired $old"; done
}

main() {
    local f
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        [[ $f == "$LOG_DIR/rotate.log" ]] && continue
        rotate_one "$f"
    done
    prune_old
    info "done: ${#ROTATED[@]} file(s) rotated, retention ${KEEP_DAYS}d"
}

main "$@"
