#!/usr/bin/env bash
# Apply per-student disk and inode quotas on the lab home filesystem from the
# term roster export.
#
# roster.csv columns: username,course,tier   (tier = base|thesis|staff)
# tiers.conf lines:   tier block_soft block_hard inode_soft inode_hard
#
# usage: apply_student_quotas.sh [-n] [-f /home] roster.csv
set -euo pipefail

FS="/home"
DRY_RUN=0
TIERS_FILE="${TIERS_FILE:-./tiers.conf}"
REPORT="./quota-apply-$(date +%Y%m%d).log"

usage() { echo "usage: $0 [-n] [-f filesystem] roster.csv" >&2; exit 2; }

while getopts ":nf:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        f) FS="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
ROSTER="${1:-}"
[ -n "$ROSTER" ] && [ -r "$ROSTER" ] || usage

declare -A B_SOFT B_HARD I_SOFT I_HARD
load_tiers() {
    local tier bs bh is ih
    while read -r tier bs bh is ih; do
        case "$tier" in ''|\#*) continue ;; esac
        B_SOFT[$tier]=$bs; B_HARD[$tier]=$bh; I_SOFT[$tier]=$is; I_HARD[$tier]=$ih
    done <"$TIERS_FILE"
}

if [ -r "$TIERS_FILE" ]; then
    load_tiers
else
    B_SOFT[base]=8G;   B_HARD[base]=10G;  I_SOFT[base]=200000; I_HARD[base]=250000
    B_SOFT[thesis]=40G; B_HARD[thesis]=50G; I_SOFT[thesis]=1000000; I_HARD[thesis]=1200000
    B_SOFT[staff]=0;   B_HARD[staff]=0;   I_SOFT[staff]=0; I_HARD[staff]=0
fi

# quota tools want root; the lab admins run this from their own login
if [ "$(id -u)" -eq 0 ]; then
    ELEVATE=()
else
    ELEVATE=(sudo --non-interactive)
fi

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

apply_one() {
    local user="$1" tier="$2"
    if ! getent passwd "$user" >/dev/null; then
        log "skip $user: no such account"
        return 1
    fi
    if [ -z "${B_HARD[$tier]+x}" ]; then
        log "skip $user: unknown tier '$tier'"
        return 1
    fi
    local cmd=("${ELEVATE[@]}" setquota -u "$user"
        "${B_SOFT[$tier]}" "${B_HARD[$tier]}" "${I_SOFT[$tier]}" "${I_HARD[$tier]}" "$FS")
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: ${cmd[*]}"
        return 0
    fi
    if "${cmd[@]}" 2>>"$REPORT"; then
        log "ok   $user ($tier)"
    else
        log "FAIL $user ($tier)"
        return 1
    fi
}

ok=0; fail=0
while IFS=, read -r user course tier; do
    [ "$user" = "username" ] && continue
    user="${user//[[:space:]]/}"
    tier="${tier//[[:space:]]/}"
    [ -n "$user" ] || continue
    if apply_one "$user" "${tier:-base}"; then ok=$((ok + 1)); else fail=$((fail + 1)); fi
done <"$ROSTER"

log "done: $ok applied, $fail failed (filesystem $FS)"
if [ "$DRY_RUN" -eq 0 ] && [ "$ok" -gt 0 ]; then
    "${ELEVATE[@]}" repquota -s "$FS" | head -n 40 >>"$REPORT" || true
fi
[ "$fail" -eq 0 ]
