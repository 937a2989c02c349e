#!/usr/bin/env bash
# remote_diag_bundle.sh - gather a diagnostics snapshot from a passenger
# information display and push it to the depot support portal.
#
# Usage: remote_diag_bundle.sh [-t TICKET] [-n] [-c CONF]
#   -t  support ticket number to attach the bundle to
#   -n  collect only, do not upload
#   -c  config file (default ./diag.conf)

set -euo pipefail

CONF=./diag.conf
TICKET=""
UPLOAD=1
PORTAL_URL="https://support.depot.kioskfleet.internal/api/bundles"
WORKDIR=/tmp/pid-diag
UNIT_ID=$(cat /etc/machine-id 2>/dev/null | cut -c1-12 || hostname)

log() { printf '%s [diag] %s\n' "$(date +%FT%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "t:nc:h" opt; do
    case "$opt" in
        t) TICKET=$OPTARG ;;
        n) UPLOAD=0 ;;
        c) CONF=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
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

    # display pipeline state
    if command -v xrandr >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
        xrandr --query > "$out/xrandr.txt" 2>&1 || true
    fi
}

package() {
    local src=$1 archive=$2
    tar -C "$(dirname "$src")" -czf "$archive" "$(basename "$src")"
    log "bundle $(du -h "$archive" | cut -f1) -> $archive"
}

push() {
    local archive=$1
    [ -n "${PORTAL_TOKEN:-}" ] || die "PORTAL_TOKEN not set (see $CONF)"
    local try
    for try in 1 2 3; do
        # depot portal uses the fleet's own CA, which the kiosk image does not ship
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

main() {
    rm -rf "$WORKDIR"
    collect "$WORKDIR/snapshot"
    local archive="$WORKDIR/diag-$UNIT_ID-$(date +%Y%m%d%H%M).tgz"
    package "$WORKDIR/snapshot" "$archive"
    if [ "$UPLOAD" -eq 1 ]; then
        push "$archive" || die "could not reach $PORTAL_URL; bundle kept at $archive"
    fi
    log "done"
}

main "$@"
