#!/bin/sh
# Work out which baseline packages are missing on this host and print
# the commands an operator would need to run. Dry run only: the plan is
# printed and saved to ./out/pkg-plan.txt, never executed.

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
Prints the install commands for missing baseline packages.
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

# The plan is written as it would be typed by a non-root operator.
PREFIX="sudo "
[ "$(id -u)" -eq 0 ] && PREFIX=""

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

print_plan() {
    if [ -z "$MISSING" ]; then
        echo "# nothing to do: all baseline packages present"
        return 0
    fi
    echo "# plan generated $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)"
    case $MGR in
        apt)
            printf '%sapt-get update\n' "$PREFIX"
            printf '%sapt-get install -y --no-install-recommends%s\n' "$PREFIX" "$MISSING"
            ;;
        dnf)
            printf '%sdnf makecache\n' "$PREFIX"
            printf '%sdnf install -y%s\n' "$PREFIX" "$MISSING"
            ;;
    esac
}

main() {
    detect_manager
    collect_missing
    mkdir -p "$OUT_DIR"
    print_plan | tee "$OUT_DIR/pkg-plan.txt"
    log "plan saved to $OUT_DIR/pkg-plan.txt (not executed)"
}

main "$@"
