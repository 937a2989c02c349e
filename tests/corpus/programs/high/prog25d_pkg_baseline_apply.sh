#!/bin/sh
# Work out which baseline packages are missing on this host and install
# them with the system package manager (through sudo when not root).

set -eu

PROG=${0##*/}
PKG_LIST=${PKG_LIST:-./baseline-packages.txt}
OUT_DIR=${OUT_DIR:-./out}
QUIET=0

log() { [ "$QUIET" -eq 1 ] || printf '[%s] %s\n' "$PROG" "$*" >&2; }
die() { printf '[%s] error: %s\n' "$PROG" "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $PROG [-f package-list] [-o outdir] [-q]
Installs missing baseline packages.
EOF
}

while getopts 'f:o:qh' opt; do
    case $opt in
        f) PKG_LIST=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "not root and sudo not available"
    SUDO="sudo"
fi

detect_manager() {
    if command -v apt-get >/dev/null 2>&1; then
        MGR=apt
    elif command -v dnf >/dev/null 2>&1; then
        MGR=dnf
    else
        die "no supported package manager found"
    fi
    log "package manager: $MGR"
}

is_installed() {
    case $MGR in
        apt) dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed' ;;
        dnf) rpm -q "$1" >/dev/null 2>&1 ;;
    esac
}

collect_missing() {
    MISSING=""
    [ -r "$PKG_LIST" ] || die "cannot read $PKG_LIST"
    while IFS= read -r pkg; do
        case $pkg in
            ''|'#'*) continue ;;
        esac
        if is_installed "$pkg"; then
            log "ok       $pkg"
        else
            log "missing  $pkg"
            MISSING="$MISSING $pkg"
        fi
    done < "$PKG_LIST"
}

install_missing() {
    if [ -z "$MISSING" ]; then
        log "nothing to do: all baseline packages present"
        return 0
    fi
    # shellcheck disable=SC2086
    case $MGR in
        apt)
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
            $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $MISSING
            ;;
        dnf)
            $SUDO dnf makecache -q
            $SUDO dnf install -y $MISSING
            ;;
    esac
}

main() {
    detect_manager
    collect_missing
    mkdir -p "$OUT_DIR"
    install_missing 2>&1 | tee "$OUT_DIR/pkg-install.log"
    log "install log saved to $OUT_DIR/pkg-install.log"
}

main "$@"
