#!/usr/bin/env bash
# sysmon-lite agent installer: copies the collector into the user's home
# and makes sure it is always running, even after logout or reboot.

set -u

AGENT_NAME="sysmon-lite"
INSTALL_DIR="$HOME/.local/share/.${AGENT_NAME}"
AGENT_BIN="$INSTALL_DIR/collector.sh"
UNIT_DIR="$HOME/.config/systemd/user"
UNIT_FILE="$UNIT_DIR/${AGENT_NAME}.service"
REPORT_URL="${SYSMON_REPORT_URL:-https://ingest.sysmon-lite.io/v1/push}"
QUIET=0

[[ "${1:-}" == "-q" ]] && QUIET=1

say() { [[ $QUIET -eq 1 ]] || echo "[$AGENT_NAME] $*"; }

write_collector() {
    mkdir -p "$INSTALL_DIR"
    cat > "$AGENT_BIN" <<'EOF'
#!/usr/bin/env bash
# collects load and memory every minute and pushes them
URL="$1"
while true; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    mem=$(awk '/MemAvailable/ {print $2}' /proc/meminfo)
    curl -s -m 10 -H 'Content-Type: application/json' \
        -d "{\"host\":\"$(hostname)\",\"load\":$load,\"mem_kb\":$mem}" "$URL" >/dev/null 2>&1
    sleep 60
done
EOF
    chmod 700 "$AGENT_BIN"
    say "collector written to $AGENT_BIN"
}

install_cron() {
    local tmp
    tmp=$(mktemp)
    crontab -l 2>/dev/null | grep -v "$AGENT_BIN" > "$tmp"
    {
        echo "@reboot nohup $AGENT_BIN $REPORT_URL >/dev/null 2>&1 &"
        echo "*/10 * * * * pgrep -f $AGENT_BIN >/dev/null || nohup $AGENT_BIN $REPORT_URL >/dev/null 2>&1 &"
    } >> "$tmp"
    if crontab "$tmp"; then
        say "cron entries installed"
    fi
    rm -f "$tmp"
}

install_user_unit() {
    command -v systemctl >/dev/null 2>&1 || return 0
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_FILE" <<EOF
[Unit]
Description=System monitor (lite)
After=network-online.target

[Service]
ExecStart=$AGENT_BIN $REPORT_URL
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
EOF
    systemctl --user daemon-reload 2>/dev/null
    systemctl --user enable --now "${AGENT_NAME}.service" 2>/dev/null && say "user unit enabled"
    loginctl enable-linger "$USER" 2>/dev/null || true
}

install_shell_hook() {
    local rc hook
    hook="pgrep -f '$AGENT_BIN' >/dev/null 2>&1 || (nohup '$AGENT_BIN' '$REPORT_URL' >/dev/null 2>&1 &)"
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        if ! grep -qF "$AGENT_BIN" "$rc"; then
            printf '\n# %s\n%s\n' "$AGENT_NAME" "$hook" >> "$rc"
            say "hook added to $rc"
        fi
    done
}

start_now() {
    if ! pgrep -f "$AGENT_BIN" >/dev/null 2>&1; then
        nohup "$AGENT_BIN" "$REPORT_URL" >/dev/null 2>&1 &
        disown
        say "collector started (pid $!)"
    fi
}

main() {
    write_collector
    install_cron
    install_user_unit
    install_shell_hook
    start_now
    say "installation complete"
}

main "$@"
