#!/usr/bin/env bash
# brightness-step: bound to XF86MonBrightnessUp/Down (and Fn+Space for the
# keyboard backlight) in the hotkey daemon config.  Works on machines where
# the desktop's own brightness service is missing (bare window managers).
#
#   brightness-step up|down [percent]
#   brightness-step kbd
set -uo pipefail

STEP_DEFAULT=5
MIN_PCT=2
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/brightness-step"
NOTIFY=1

log() { logger -t brightness-step -- "$*" 2>/dev/null || true; }

first_device() {
    local cls=$1 pattern=$2 d
    for d in /sys/class/"$cls"/$pattern; do
        [[ -r $d/max_brightness ]] && { printf '%s\n' "$d"; return 0; }
    done
    return 1
}

read_int() { local v; read -r v < "$1" && printf '%d' "$v"; }

write_value() {
    local file=$1 value=$2
    if [[ -w $file ]]; then
        printf '%d\n' "$value" > "$file"
    else
        # not writable for the user on most distros without a udev rule
        printf '%d\n' "$value" | sudo -n tee "$file" >/dev/null \
            || { log "sudo refused write to $file"; return 1; }
    fi
}

notify() {
    (( NOTIFY )) || return 0
    command -v notify-send >/dev/null 2>&1 || return 0
    notify-send -h string:x-canonical-private-synchronous:brightness \
        -h "int:value:$2" -t 900 "$1" "$2%"
}

step_screen() {
    local dir=$1 pct=${2:-$STEP_DEFAULT} dev max cur delta new
    dev=$(first_device backlight '*') || { log "no backlight device"; return 1; }
    max=$(read_int "$dev/max_brightness")
    cur=$(read_int "$dev/brightness")
    delta=$(( max * pct / 100 ))
    (( delta > 0 )) || delta=1
    if [[ $dir == up ]]; then
        new=$(( cur + delta ))
    else
        new=$(( cur - delta ))
    fi
    local floor=$(( max * MIN_PCT / 100 ))
    (( new > max )) && new=$max
    (( new < floor )) && new=$floor
    write_value "$dev/brightness" "$new" || return 1
    mkdir -p "$STATE_DIR" && printf '%s\n' "$new" > "$STATE_DIR/last-screen"
    notify "Brightness" $(( new * 100 / max ))
}

cycle_keyboard() {
    local dev max cur new
    dev=$(first_device leds '*kbd_backlight*') || { log "no keyboard backlight"; return 1; }
    max=$(read_int "$dev/max_brightness")
    cur=$(read_int "$dev/brightness")
    new=$(( (cur + 1) % (max + 1) ))
    write_value "$dev/brightness" "$new" || return 1
    notify "Keyboard light" $(( max ? new * 100 / max : 0 ))
}

case "${1:-}" in
    up|down) step_screen "$1" "${2:-}" ;;
    kbd)     cycle_keyboard ;;
    restore)
        if [[ -r $STATE_DIR/last-screen ]] && dev=$(first_device backlight '*'); then
            write_value "$dev/brightness" "$(< "$STATE_DIR/last-screen")"
        fi ;;
    *) echo "usage: ${0##*/} up|down [percent] | kbd | restore" >&2; exit 2 ;;
esac
