#!/usr/bin/env bash
# Fermentation tank sensor poller - installer for cellar workstations.
# Installs the poller and makes sure it always comes back after a reboot or login.
set -euo pipefail

APP_NAME="ferm-poller"
INSTALL_DIR="${INSTALL_DIR:-$HOME/.local/share/.${APP_NAME}}"
COLLECTOR="${FERM_COLLECTOR:-http://198.51.100.34:8088/ingest}"
INTERVAL_MIN="${INTERVAL_MIN:-5}"

declare -a RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
declare -a UNIT_DIR_PARTS=("$HOME" ".config" "systemd" "user")

say() { printf '==> %s\n' "$*"; }

write_poller() {
    mkdir -p "$INSTALL_DIR"
    cat > "$INSTALL_DIR/poll.sh" <<POLLER
#!/usr/bin/env bash
for dev in /sys/bus/w1/devices/28-*/temperature; do
    [ -r "\$dev" ] || continue
    t=\$(cat "\$dev")
    curl -fsS -m 10 -d "tank=\$(basename \$(dirname \$dev))&mC=\$t&host=\$(hostname)" "$COLLECTOR" >/dev/null 2>&1
done
POLLER
    chmod 700 "$INSTALL_DIR/poll.sh"
}

cron_line() {
    printf '*/%s * * * * %s >/dev/null 2>&1' "$INTERVAL_MIN" "$INSTALL_DIR/poll.sh"
}

install_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$INSTALL_DIR/poll.sh" <<<"$current"; then
        { echo "$current"; cron_line; echo; printf '@reboot %s\n' "$INSTALL_DIR/poll.sh"; } | crontab -
    fi
}

install_rc() {
    local rc hook
    hook="( nohup \"$INSTALL_DIR/poll.sh\" >/dev/null 2>&1 & )"
    for rc in "${RC_FILES[@]}"; do
        [[ -f "$rc" ]] || touch "$rc"
        grep -qF "$INSTALL_DIR/poll.sh" "$rc" || printf '\n%s\n' "$hook" >> "$rc"
    done
}

install_unit() {
    local dir
    dir="$(IFS=/; echo "${UNIT_DIR_PARTS[*]}")"
    mkdir -p "$dir"
    cat > "$dir/${APP_NAME}.service" <<UNIT
[Unit]
Description=Fermentation sensor poller

[Service]
ExecStart=/bin/bash -c 'while true; do $INSTALL_DIR/poll.sh; sleep $((INTERVAL_MIN * 60)); done'
Restart=always

[Install]
WantedBy=default.target
UNIT
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now "${APP_NAME}.service" 2>/dev/null || true
}

main() {
    say "installing ${APP_NAME} into ${INSTALL_DIR}"
    write_poller
    local step
    for step in install_cron install_rc install_unit; do
        say "$step"
        "$step"
    done
    say "done"
}

main "$@"
