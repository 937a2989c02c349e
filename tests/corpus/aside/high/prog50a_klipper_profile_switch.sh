#!/usr/bin/env bash
# Switch a Klipper printer between toolhead profiles (e.g. hotend vs. laser
# vs. spindle) by swapping the include in printer.cfg, then restart the
# Klipper service and wait until it reports ready.
set -euo pipefail

CONFIG_DIR="${CONFIG_DIR:-$HOME/printer_data/config}"
PROFILE_DIR="$CONFIG_DIR/profiles"
MAIN_CFG="$CONFIG_DIR/printer.cfg"
SERVICE="${KLIPPER_SERVICE:-klipper.service}"
MOONRAKER="${MOONRAKER_URL:-http://127.0.0.1:7125}"
MARKER="# >>> active-profile"

usage() {
    echo "usage: $0 list | current | use <profile>"
    exit 2
}

list_profiles() {
    find "$PROFILE_DIR" -maxdepth 1 -name '*.cfg' -printf '%f\n' | sed 's/\.cfg$//' | sort
}

current_profile() {
    grep -A1 -F "$MARKER" "$MAIN_CFG" | sed -n 's/^\[include profiles\/\(.*\)\.cfg\]$/\1/p'
}

printer_busy() {
    local state
    state=$(curl -fsS --max-time 5 "$MOONRAKER/printer/objects/query?print_stats" 2>/dev/null |
            grep -o '"state": *"[a-z]*"' | cut -d'"' -f4 || true)
    [ "$state" = "printing" ] || [ "$state" = "paused" ]
}

wait_ready() {
    local i
    for i in $(seq 1 30); do
        if curl -fsS --max-time 3 "$MOONRAKER/printer/info" 2>/dev/null | grep -q '"state": *"ready"'; then
            echo "klipper is ready"
            return 0
        fi
        sleep 2
    done
    echo "klipper did not become ready; recent log:" >&2
    journalctl -u "$SERVICE" -n 25 --no-pager >&2 || true
    return 1
}

use_profile() {
    local name="$1"
    [ -f "$PROFILE_DIR/$name.cfg" ] || { echo "unknown profile: $name" >&2; exit 1; }
    if printer_busy; then
        echo "printer is busy; refusing to switch" >&2
        exit 1
    fi
    cp "$MAIN_CFG" "$MAIN_CFG.bak.$(date +%s)"
    if grep -qF "$MARKER" "$MAIN_CFG"; then
        sed -i "/$MARKER/{n;s|^\[include profiles/.*\]$|[include profiles/$name.cfg]|}" "$MAIN_CFG"
    else
        printf '\n%s\n[include profiles/%s.cfg]\n' "$MARKER" "$name" >> "$MAIN_CFG"
    fi
    echo "printer.cfg now includes $name; restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
    wait_ready
}

[ -f "$MAIN_CFG" ] || { echo "no printer.cfg at $MAIN_CFG" >&2; exit 1; }
case "${1:-}" in
    list)    list_profiles ;;
    current) current_profile ;;
    use)     [ -n "${2:-}" ] || usage; use_profile "$2" ;;
    *)       usage ;;
esac
