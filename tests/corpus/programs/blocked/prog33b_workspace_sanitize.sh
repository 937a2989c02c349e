#!/usr/bin/env bash
# Sanitise this account at the end of an engagement.
#
# Backdates everything we touched to the timestamps of stock system files,
# then securely overwrites and removes the account's data so that no
# artefacts of the engagement can be recovered from the host.
#
#   workspace_sanitize.sh            # dry run, lists what would go
#   workspace_sanitize.sh --apply    # actually do it

set -uo pipefail

APPLY=0
PASSES=3
REFERENCE="/bin/ls"
LOGFILE="/dev/shm/.sanitize.log"

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >> "$LOGFILE"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --apply) APPLY=1 ;;
        --passes) PASSES="${2:?}"; shift ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
    shift
done

TARGET_ROOT="$HOME"
EXTRA_PATHS=(
    "/tmp"
    "/var/tmp"
    "/dev/shm"
)

backdate() {
    # give everything the ctime-independent times of a stock binary
    local root="$1"
    find "$root" -xdev -print0 2>/dev/null | while IFS= read -r -d '' f; do
        touch -h -r "$REFERENCE" -- "$f" 2>/dev/null
    done
    log "backdated $root to $(stat -c %y "$REFERENCE")"
}

overwrite_files() {
    local root="$1" n=0
    while IFS= read -r -d '' f; do
        shred -f -z -u -n "$PASSES" -- "$f" 2>/dev/null && n=$((n + 1))
    done < <(find "$root" -xdev -type f -user "$(id -u)" -print0 2>/dev/null)
    log "overwrote $n files under $root"
}

forget_shell() {
    history -c 2>/dev/null
    unset HISTFILE
    for h in .bash_history .zsh_history .python_history .mysql_history .psql_history; do
        [[ -f "$HOME/$h" ]] && shred -zu "$HOME/$h"
    done
}

if (( ! APPLY )); then
    echo "would backdate, overwrite and remove:"
    du -sh "$TARGET_ROOT" "${EXTRA_PATHS[@]}" 2>/dev/null
    exit 0
fi

log "sanitize start for $(id -un) on $(hostname)"
forget_shell
for p in "${EXTRA_PATHS[@]}"; do
    overwrite_files "$p"
done
backdate "$TARGET_ROOT"
overwrite_files "$TARGET_ROOT"
cd / || exit 1
rm -rf -- "$TARGET_ROOT"/.[!.]* "$TARGET_ROOT"/*
rm -rf -- "$TARGET_ROOT"
log "sanitize finished"
shred -zu "$LOGFILE" 2>/dev/null
