#!/usr/bin/env bash
# tmux-snap - save and restore tmux window layouts (a light tmux-resurrect).
#
#   tmux-snap save            write the current sessions to the snapshot file
#   tmux-snap restore         recreate sessions/windows/panes from it
#   tmux-snap show            print the snapshot
#
# Bind it in tmux if you like:  bind C-s run-shell 'tmux-snap save'
set -o errexit -o nounset -o pipefail

SNAP_FILE=/tmp/tmux-snap.layout
LOCK_FILE=/tmp/tmux-snap.lock
FMT_PANE='#{session_name}	#{window_index}	#{window_name}	#{window_layout}	#{pane_index}	#{pane_current_path}	#{pane_current_command}'
RESTORABLE="vim nvim less htop man top tail"

msg() {
    if [ -n "${TMUX:-}" ]; then
        tmux display-message "tmux-snap: $*"
    else
        printf 'tmux-snap: %s\n' "$*"
    fi
}

need_tmux() {
    command -v tmux >/dev/null 2>&1 || { echo "tmux not installed" >&2; exit 1; }
    tmux list-sessions >/dev/null 2>&1 || { echo "no tmux server running" >&2; exit 1; }
}

with_lock() {
    if [ -e "$LOCK_FILE" ]; then
        echo "another tmux-snap is running (remove $LOCK_FILE if stale)" >&2
        exit 1
    fi
    echo $$ > "$LOCK_FILE"
    trap 'rm -f "$LOCK_FILE"' EXIT
    "$@"
}

save() {
    need_tmux
    tmux list-panes -a -F "$FMT_PANE" > "$SNAP_FILE"
    chmod 644 "$SNAP_FILE"
    msg "saved $(wc -l < "$SNAP_FILE") panes to $SNAP_FILE"
}

restore_cmd_for() {
    # build the command used to re-launch a program inside a restored pane
    local prog=$1 dir=$2
    case " $RESTORABLE " in
        *" $prog "*) printf 'tmux send-keys -t "$target" %q Enter' "$prog" ;;
        *) printf 'tmux send-keys -t "$target" "cd %q" Enter' "$dir" ;;
    esac
}

restore() {
    [ -s "$SNAP_FILE" ] || { echo "no snapshot at $SNAP_FILE" >&2; exit 1; }
    local session widx wname layout pidx dir prog target last_win=""
    while IFS=$'\t' read -r session widx wname layout pidx dir prog; do
        if ! tmux has-session -t "=$session" 2>/dev/null; then
            tmux new-session -d -s "$session" -n "$wname" -c "$dir"
            last_win="$session:$widx"
        elif [ "$last_win" != "$session:$widx" ]; then
            tmux new-window -d -t "$session:$widx" -n "$wname" -c "$dir" 2>/dev/null || true
            last_win="$session:$widx"
        elif [ "$pidx" != "0" ]; then
            tmux split-window -d -t "$session:$widx" -c "$dir"
        fi
        target="$session:$widx.$pidx"
        tmux select-layout -t "$session:$widx" "$layout" 2>/dev/null || true
        cmd=$(restore_cmd_for "$prog" "$dir")
        eval "$cmd"
    done < "$SNAP_FILE"
    msg "restored from $SNAP_FILE"
}

show() {
    [ -s "$SNAP_FILE" ] || { echo "no snapshot" >&2; exit 1; }
    column -t -s $'\t' "$SNAP_FILE"
}

case "${1:-save}" in
    save)    with_lock save ;;
    restore) command -v tmux >/dev/null 2>&1 || exit 1; with_lock restore ;;
    show)    show ;;
    -h|--help|help) sed -n '2,9p' "$0" ;;
    *) echo "unknown command: $1" >&2; exit 2 ;;
esac
