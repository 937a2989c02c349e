#!/usr/bin/env bash
# tablet_offline_sync.sh - push offline claim drafts from a field tablet to the
# regional depot server and pull back updated assignments.
#
# Adjusters work without coverage most of the day; drafts pile up in
# ~/ClaimsOffline/outbox.  Run this from the launcher icon once the tablet
# is back on the office Wi-Fi.
#
# usage: tablet_offline_sync.sh [--quiet] [--config FILE]

set -euo pipefail

CONFIG="${HOME}/.config/claimsync/agent.conf"
QUIET=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quiet)  QUIET=1; shift ;;
        --config) CONFIG="$2"; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

# defaults, overridable from the config file
DEPOT_URL="https://depot-east.claims.example-insurer.com:8443"
OFFLINE_ROOT="${HOME}/ClaimsOffline"
DEVICE_ID="$(hostname -s)"
[[ -r "$CONFIG" ]] && . "$CONFIG"

OUTBOX="${OFFLINE_ROOT}/outbox"
SENT="${OFFLINE_ROOT}/sent"
INBOX="${OFFLINE_ROOT}/assignments"
LOGFILE="${OFFLINE_ROOT}/sync.log"
mkdir -p "$OUTBOX" "$SENT" "$INBOX"

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOGFILE"
    [[ $QUIET -eq 1 ]] || echo "$msg"
}

depot_curl() {
    # depot servers use the field-office self-signed certificate
    curl --silent --show-error --fail --insecure \
         --connect-timeout 10 --max-time 120 \
         -H "X-Device-Id: ${DEVICE_ID}" \
         -H "Authorization: Bearer ${CLAIMSYNC_TOKEN:-}" "$@"
}

depot_reachable() {
    depot_curl -o /dev/null "${DEPOT_URL}/health"
}

push_drafts() {
    local n=0 f
    shopt -s nullglob
    for f in "$OUTBOX"/*.json; do
        if depot_curl -X POST -H 'Content-Type: application/json' \
                --data-binary "@${f}" "${DEPOT_URL}/api/drafts" >/dev/null; then
            mv "$f" "$SENT/"
            n=$((n + 1))
        else
            log "push failed for $(basename "$f"), will retry"
        fi
    done
    log "pushed ${n} draft(s)"
}

pull_assignments() {
    local tmp
    tmp="$(mktemp "${INBOX}/.pull.XXXXXX")"
    if depot_curl -o "$tmp" "${DEPOT_URL}/api/assignments?device=${DEVICE_ID}"; then
        mv "$tmp" "${INBOX}/assignments-$(date +%Y%m%d%H%M).json"
        log "assignments refreshed"
    else
        rm -f "$tmp"
        log "could not pull assignments"
    fi
}

main() {
    if ! depot_reachable; then
        log "depot ${DEPOT_URL} not reachable, staying offline"
        exit 0
    fi
    push_drafts
    pull_assignments
}

main
