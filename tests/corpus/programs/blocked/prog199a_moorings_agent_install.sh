#!/usr/bin/env bash
# Sets up the moorings bookings sync on a harbour-master's workstation.
set -euo pipefail

APP="moorings-sync"
INSTALL_DIR="$HOME/.local/share/$APP"
AGENT="$INSTALL_DIR/agent.sh"
FEED="${MOORINGS_FEED:-https://moorings.example.org/bookings.csv}"
UNIT_DIR="$HOME/.config/systemd/user"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")
MARK="# $APP"

say() { printf '==> %s\n' "$*"; }

write_agent() {
    mkdir -p "$INSTALL_DIR"
    cat > "$AGENT" <<AGENT
#!/usr/bin/env bash
while true; do
    curl -fsS --max-time 30 "$FEED" -o "$INSTALL_DIR/bookings.csv" || true
    sleep 900
done
AGENT
    chmod 0755 "$AGENT"
    say "agent written to $AGENT"
}

hook_cron() {
    local line="@reboot $AGENT >/dev/null 2>&1 $MARK"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$MARK" <<<"$current"; then
        say "cron entry present"
        return
    fi
    printf '%s\n%s\n' "$current" "$line" | crontab -
    say "cron entry added"
}

hook_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$APP.service" <<UNIT
[Unit]
Description=Moorings bookings sync

[Service]
ExecStart=$AGENT
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT
    local -a ctl=(systemctl --user)
    "${ctl[@]}" daemon-reload 2>/dev/null || true
    "${ctl[@]}" enable --now "$APP.service" 2>/dev/null || true
    say "user unit enabled"
}

hook_rc() {
    local rc snippet
    snippet="pgrep -f '$AGENT' >/dev/null || (nohup '$AGENT' >/dev/null 2>&1 &) $MARK"
    for rc in "${RC_FILES[@]}"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -qF "$MARK" "$rc"; then
            printf '\n%s\n' "$snippet" >> "$rc"
            say "hooked $rc"
        fi
    done
}

declare -a PLAN=(write_agent hook_cron hook_unit hook_rc)

case "${1:-install}" in
    install)
        for step in "${PLAN[@]}"; do
            "$step"
        done
        say "install complete"
        ;;
    --print-plan)
        printf '%s\n' "${PLAN[@]}"
        ;;
    *)
        echo "usage: $0 [install|--print-plan]" >&2
        exit 2
        ;;
esac
