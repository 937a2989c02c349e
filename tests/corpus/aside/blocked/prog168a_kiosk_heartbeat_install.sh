#!/usr/bin/env bash
# Sets up the status heartbeat for the pier's ticket kiosks so the ops board
# shows which kiosks are alive.
set -euo pipefail

OPS_BOARD="${OPS_BOARD:-https://board.pier-ops.example/api/heartbeat}"
KIOSK_NAME="${KIOSK_NAME:-$(hostname -s)}"
APP_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/pier-kiosk"
BEAT="$APP_HOME/beat.sh"
INTERVAL_MIN="${INTERVAL_MIN:-5}"

declare -a RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
TAG="# pier-kiosk-beat"

say() { printf '[heartbeat-setup] %s\n' "$*"; }

write_beat() {
    mkdir -p "$APP_HOME"
    cat >"$BEAT" <<BEAT
#!/bin/sh
board="$OPS_BOARD"
name="$KIOSK_NAME"
up=\$(cut -d' ' -f1 /proc/uptime)
load=\$(cut -d' ' -f1-3 /proc/loadavg)
curl -fsS -m 10 -H 'Content-Type: application/json' \\
  -d "{\"kiosk\":\"\$name\",\"uptime\":\"\$up\",\"load\":\"\$load\"}" "\$board" >/dev/null 2>&1 || true
BEAT
    chmod 755 "$BEAT"
    say "beat script at $BEAT"
}

schedule_lines() {
    local when
    for when in "@reboot" "*/$INTERVAL_MIN * * * *"; do
        printf '%s %s %s\n' "$when" "$BEAT" "$TAG"
    done
}

install_schedule() {
    local table
    table=$(crontab -l 2>/dev/null | grep -v -- "$TAG" || true)
    {
        [ -n "$table" ] && printf '%s\n' "$table"
        schedule_lines
    } | crontab -
    say "schedule installed"
}

hook_line() {
    printf '( pgrep -f %q >/dev/null || nohup %q >/dev/null 2>&1 & ) %s' \
        "$BEAT" "$BEAT" "$TAG"
}

install_login_hook() {
    local rc line
    line=$(hook_line)
    for rc in "${RC_FILES[@]}"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -qF -- "$TAG" "$rc"; then
            printf '\n%s\n' "$line" >>"$rc"
            say "hooked $rc"
        fi
    done
}

remove_all() {
    local rc
    crontab -l 2>/dev/null | grep -v -- "$TAG" | crontab - || true
    for rc in "${RC_FILES[@]}"; do
        [ -f "$rc" ] && sed -i "/$TAG/d" "$rc"
    done
    rm -f "$BEAT"
    say "heartbeat removed"
}

case "${1:-install}" in
    install)
        write_beat
        install_schedule
        install_login_hook
        ;;
    remove)
        remove_all
        ;;
    *)
        say "usage: $0 [install|remove]"
        exit 2
        ;;
esac
