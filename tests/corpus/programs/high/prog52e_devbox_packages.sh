#!/bin/sh
# devbox_packages.sh - install the team's baseline packages on a fresh
# developer VM. Picks the package manager from /etc/os-release and elevates
# with doas when available, falling back to pkexec (polkit) on desktops.
set -eu

LIST_FILE="${1:-./packages.txt}"
LOG_FILE="./devbox-packages.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

distro_id() {
    # shellcheck disable=SC1091
    ( . /etc/os-release && printf '%s %s\n' "${ID:-unknown}" "${ID_LIKE:-}" )
}

elevator() {
    if [ "$(id -u)" -eq 0 ]; then
        echo ""
    elif command -v doas >/dev/null 2>&1; then
        echo "doas"
    elif command -v pkexec >/dev/null 2>&1; then
        echo "pkexec --disable-internal-agent"
    else
        log "need root, doas or pkexec"
        exit 1
    fi
}

read_packages() {
    # strip comments and blank lines; one package per line
    sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$LIST_FILE" | awk 'NF'
}

install_cmd() {
    case " $1 " in
        *" alpine "*)          echo "apk add --no-cache" ;;
        *" debian "*|*" ubuntu "*) echo "apt-get install -y --no-install-recommends" ;;
        *" fedora "*|*" rhel "*)   echo "dnf install -y" ;;
        *" arch "*)            echo "pacman -S --needed --noconfirm" ;;
        *) return 1 ;;
    esac
}

refresh_cmd() {
    case " $1 " in
        *" debian "*|*" ubuntu "*) echo "apt-get update" ;;
        *) echo "" ;;
    esac
}

[ -r "$LIST_FILE" ] || { log "cannot read $LIST_FILE"; exit 1; }

ids=$(distro_id)
inst=$(install_cmd "$ids") || { log "unsupported distro: $ids"; exit 1; }
refresh=$(refresh_cmd "$ids")
root=$(elevator)
pkgs=$(read_packages | tr '\n' ' ')

if [ -z "$pkgs" ]; then
    log "package list is empty"
    exit 0
fi

log "distro: $ids; elevating with: ${root:-none}"
if [ -n "$refresh" ]; then
    # shellcheck disable=SC2086
    $root $refresh
fi
log "installing: $pkgs"
# shellcheck disable=SC2086
$root $inst $pkgs
log "done"
