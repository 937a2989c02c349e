#!/bin/sh
# Serve a locally built package mirror (./mirror) over HTTP so test VMs on
# the lab network can point their sources at this workstation.
# Extra server options come from ./mirror-preview.conf (MIRROR_EXTRA_ARGS).

set -eu

PROG=${0##*/}
MIRROR_DIR=${MIRROR_DIR:-./mirror}
PORT=${PORT:-8000}
BIND=${BIND:-0.0.0.0}
CONF=${CONF:-./mirror-preview.conf}
MIRROR_EXTRA_ARGS=""
FOREGROUND=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-d mirror_dir] [-p port] [-f]
  -f  stay in the foreground
EOF
}

while getopts 'd:p:fh' opt; do
    case $opt in
        d) MIRROR_DIR=$OPTARG ;;
        p) PORT=$OPTARG ;;
        f) FOREGROUND=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# shellcheck source=/dev/null
[ -r "$CONF" ] && . "$CONF"

command -v python3 >/dev/null 2>&1 || die "python3 is required"
[ -d "$MIRROR_DIR/dists" ] || die "$MIRROR_DIR does not look like an APT mirror (no dists/)"

case $PORT in
    ''|*[!0-9]*) die "invalid port: $PORT" ;;
esac

PIDFILE=$(mktemp /tmp/mirror-preview.XXXXXX)
LOGFILE=/tmp/mirror-preview-$PORT.log

cleanup() {
    if [ -s "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
    fi
    rm -f "$PIDFILE"
}

show_hint() {
    addr=$(hostname -I 2>/dev/null | awk '{print $1}')
    cat <<EOF
Mirror is available at http://${addr:-this-host}:$PORT/
On a test VM add:
  deb [trusted=yes] http://${addr:-this-host}:$PORT/ stable main
EOF
}

# split the configured extra arguments into positional parameters
eval "set -- $MIRROR_EXTRA_ARGS"

log "serving $MIRROR_DIR on $BIND:$PORT"
if [ "$FOREGROUND" -eq 1 ]; then
    show_hint
    exec python3 -m http.server "$PORT" --bind "$BIND" --directory "$MIRROR_DIR" "$@"
fi

trap cleanup INT TERM
python3 -m http.server "$PORT" --bind "$BIND" --directory "$MIRROR_DIR" "$@" \
    >"$LOGFILE" 2>&1 &
echo $! > "$PIDFILE"
sleep 1
kill -0 "$(cat "$PIDFILE")" 2>/dev/null || die "server failed to start; see $LOGFILE"
show_hint
log "log: $LOGFILE  (Ctrl-C to stop)"
wait "$(cat "$PIDFILE")"
cleanup
